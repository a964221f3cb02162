"""Qwen3: the hyper-parameters live in a YAML document parsed with yaml.safe_load (the way a
training repo ships its model card), per-head RMSNorm on q and k before the rotary, grouped KV
heads expanded with expand+reshape, and the output head tied to the embedding."""

import torch
import torch.nn as nn
import torch.nn.functional as F
import yaml

MODEL_YAML = """
model:
  vocab: 896
  d_model: 64
  n_layers: 2
  attention:
    n_heads: 4
    n_kv_heads: 2
    head_dim: 16
    qk_norm: true
  mlp:
    hidden: 176
    act: silu
  rope_theta: 1000000.0
  norm_eps: 1.0e-6
  max_seq_len: 512
  tie_embeddings: true
"""

HP = yaml.safe_load(MODEL_YAML)["model"]


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=HP["norm_eps"]):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        var = x.float().pow(2).mean(-1, keepdim=True)
        return self.weight * (x.float() * torch.rsqrt(var + self.eps)).type_as(x)


def rotate_half(x):
    a, b = x.chunk(2, dim=-1)
    return torch.cat((-b, a), dim=-1)


class Attention(nn.Module):
    def __init__(self, hp):
        super().__init__()
        a = hp["attention"]
        self.nh, self.nkv, self.hd = a["n_heads"], a["n_kv_heads"], a["head_dim"]
        d = hp["d_model"]
        self.wq = nn.Linear(d, self.nh * self.hd, bias=False)
        self.wk = nn.Linear(d, self.nkv * self.hd, bias=False)
        self.wv = nn.Linear(d, self.nkv * self.hd, bias=False)
        self.wo = nn.Linear(self.nh * self.hd, d, bias=False)
        self.q_norm = RMSNorm(self.hd)
        self.k_norm = RMSNorm(self.hd)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_norm(self.wq(x).view(b, t, self.nh, self.hd)).transpose(1, 2)
        k = self.k_norm(self.wk(x).view(b, t, self.nkv, self.hd)).transpose(1, 2)
        v = self.wv(x).view(b, t, self.nkv, self.hd).transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        rep = self.nh // self.nkv
        k = k[:, :, None].expand(b, self.nkv, rep, t, self.hd).reshape(b, self.nh, t, self.hd)
        v = v[:, :, None].expand(b, self.nkv, rep, t, self.hd).reshape(b, self.nh, t, self.hd)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(y.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self, hp):
        super().__init__()
        d, h = hp["d_model"], hp["mlp"]["hidden"]
        self.w1 = nn.Linear(d, h, bias=False)
        self.w3 = nn.Linear(d, h, bias=False)
        self.w2 = nn.Linear(h, d, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class Block(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.attn_norm = RMSNorm(hp["d_model"])
        self.attn = Attention(hp)
        self.mlp_norm = RMSNorm(hp["d_model"])
        self.mlp = MLP(hp)

    def forward(self, x, cos, sin):
        x = x + self.attn(self.attn_norm(x), cos, sin)
        return x + self.mlp(self.mlp_norm(x))


class Qwen3(nn.Module):
    def __init__(self, hp=HP):
        super().__init__()
        self.hp = hp
        self.tok = nn.Embedding(hp["vocab"], hp["d_model"])
        self.blocks = nn.ModuleList(Block(hp) for _ in range(hp["n_layers"]))
        self.norm = RMSNorm(hp["d_model"])
        self.out = nn.Linear(hp["d_model"], hp["vocab"], bias=False)
        if hp["tie_embeddings"]:
            self.out.weight = self.tok.weight
        hd = hp["attention"]["head_dim"]
        inv = 1.0 / hp["rope_theta"] ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.outer(torch.arange(hp["max_seq_len"]).float(), inv)
        ang = torch.cat((ang, ang), dim=-1)
        self.register_buffer("cos", ang.cos(), persistent=False)
        self.register_buffer("sin", ang.sin(), persistent=False)

    def forward(self, idx):
        t = idx.shape[1]
        x = self.tok(idx)
        for blk in self.blocks:
            x = blk(x, self.cos[:t], self.sin[:t])
        return self.out(self.norm(x))
