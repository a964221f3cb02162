"""Qwen2 (biased q/k/v, tied unembedding) sized from a ``string.Template`` JSON that our
sweep script fills per run."""

import json
from string import Template

import torch
import torch.nn as nn
import torch.nn.functional as F

RUN = Template(
    '{"vocab": $vocab, "d": $d, "depth": $depth, "heads": $heads, "kv": $kv, "ffn": $ffn}'
)
C = json.loads(RUN.substitute(vocab=256, d=64, depth=3, heads=4, kv=2, ffn=144))
THETA, EPS = 1000000.0, 1e-6
TIE = True


class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(d)), eps

    def forward(self, x):
        h = x.float()
        return self.weight * (h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps))


def rope_tables(t, d, theta):
    inv = 1.0 / theta ** (torch.arange(0, d, 2, dtype=torch.int64).float() / d)
    ang = torch.outer(torch.arange(t).float(), inv)
    ang = torch.cat([ang, ang], -1)
    return ang.cos(), ang.sin()


def rotate(x, cos, sin):
    x1, x2 = x.chunk(2, -1)
    return x * cos + torch.cat([-x2, x1], -1) * sin


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.h, self.kv, self.hd = C["heads"], C["kv"], C["d"] // C["heads"]
        self.q_proj = nn.Linear(C["d"], self.h * self.hd)
        self.k_proj = nn.Linear(C["d"], self.kv * self.hd)
        self.v_proj = nn.Linear(C["d"], self.kv * self.hd)
        self.o_proj = nn.Linear(self.h * self.hd, C["d"], bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(C["d"], C["ffn"], bias=False)
        self.up_proj = nn.Linear(C["d"], C["ffn"], bias=False)
        self.down_proj = nn.Linear(C["ffn"], C["d"], bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm, self.self_attn = RMSNorm(C["d"], EPS), Attention()
        self.post_attention_layernorm, self.mlp = RMSNorm(C["d"], EPS), MLP()

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen2LM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(C["vocab"], C["d"])
        self.layers = nn.ModuleList(Block() for _ in range(C["depth"]))
        self.norm = RMSNorm(C["d"], EPS)
        self.lm_head = nn.Linear(C["d"], C["vocab"], bias=False)
        if TIE:
            self.lm_head.weight = self.embed_tokens.weight

    def forward(self, ids):
        cos, sin = rope_tables(ids.shape[1], C["d"] // C["heads"], THETA)
        x = self.embed_tokens(ids)
        for blk in self.layers:
            x = blk(x, cos, sin)
        return self.lm_head(self.norm(x))
