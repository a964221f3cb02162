"""HunYuan-VL's text decoder, sized from the TOML block our trainer reads (pasted in)."""

import tomllib
import torch
import torch.nn as nn
import torch.nn.functional as F

TRAIN_TOML = """
[model]
vocab = 256
width = 64
layers = 2
heads = 4
kv_heads = 2
ffn = 128
eps = 1e-5
"""
CFG = tomllib.loads(TRAIN_TOML)["model"]


def rope_tables(t, d, theta=10000.0):
    inv = 1.0 / theta ** (torch.arange(0, d, 2, dtype=torch.int64).float() / d)
    ang = torch.outer(torch.arange(t).float(), inv)
    ang = torch.cat([ang, ang], -1)
    return ang.cos(), ang.sin()


def rotate(x, cos, sin):
    x1, x2 = x.chunk(2, -1)
    return x * cos + torch.cat([-x2, x1], -1) * sin


class Norm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(d)), eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attn(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.h, self.kv, self.hd = c["heads"], c["kv_heads"], c["width"] // c["heads"]
        self.q_proj = nn.Linear(c["width"], self.h * self.hd, bias=False)
        self.k_proj = nn.Linear(c["width"], self.kv * self.hd, bias=False)
        self.v_proj = nn.Linear(c["width"], self.kv * self.hd, bias=False)
        self.o_proj = nn.Linear(self.h * self.hd, c["width"], bias=False)
        self.query_layernorm = Norm(self.hd, c["eps"])
        self.key_layernorm = Norm(self.hd, c["eps"])

    def forward(self, x):
        b, t, _ = x.shape
        cos, sin = rope_tables(t, self.hd)
        q = rotate(self.q_proj(x).view(b, t, self.h, self.hd).transpose(1, 2), cos, sin)
        k = rotate(self.k_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2), cos, sin)
        q, k = self.query_layernorm(q), self.key_layernorm(k)
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.input_layernorm = Norm(c["width"], c["eps"])
        self.self_attn = Attn(c)
        self.post_attention_layernorm = Norm(c["width"], c["eps"])
        self.gate_proj = nn.Linear(c["width"], c["ffn"], bias=False)
        self.up_proj = nn.Linear(c["width"], c["ffn"], bias=False)
        self.down_proj = nn.Linear(c["ffn"], c["width"], bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class HunYuanText(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.embed_tokens = nn.Embedding(c["vocab"], c["width"])
        self.layers = nn.ModuleList(Block(c) for _ in range(c["layers"]))
        self.norm = Norm(c["width"], c["eps"])

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for blk in self.layers:
            x = blk(x)
        return self.norm(x)
