"""Gemma: a user dict whose missing sizes are filled by setdefault calls (one KV head, tied)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

user_cfg = {"vocab": 320, "layers": 3}
user_cfg.setdefault("vocab", 256000)
user_cfg.setdefault("width", 64)
user_cfg.setdefault("layers", 18)
user_cfg.setdefault("heads", 4)
user_cfg.setdefault("kv_heads", 1)
user_cfg.setdefault("head_dim", 32)
user_cfg.setdefault("ffn", 192)


class GemmaNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        return (1 + self.weight) * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class GemmaBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        d, hd = c["width"], c["head_dim"]
        self.c = c
        self.q_proj = nn.Linear(d, c["heads"] * hd, bias=False)
        self.kv_proj = nn.Linear(d, 2 * c["kv_heads"] * hd, bias=False)
        self.o_proj = nn.Linear(c["heads"] * hd, d, bias=False)
        self.gate_up = nn.Linear(d, 2 * c["ffn"], bias=False)
        self.down = nn.Linear(c["ffn"], d, bias=False)
        self.pre_attn, self.pre_mlp = GemmaNorm(d), GemmaNorm(d)

    def forward(self, x):
        b, t, _ = x.shape
        hd = self.c["head_dim"]
        h = self.pre_attn(x)
        q = self.q_proj(h).view(b, t, -1, hd).transpose(1, 2)
        k, v = self.kv_proj(h).view(b, t, 2, -1, hd).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(y.transpose(1, 2).reshape(b, t, -1))
        g, u = self.gate_up(self.pre_mlp(x)).chunk(2, -1)
        return x + self.down(F.gelu(g, approximate="tanh") * u)


class Gemma(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedder = nn.Embedding(user_cfg["vocab"], user_cfg["width"])
        self.blocks = nn.ModuleList(GemmaBlock(user_cfg) for _ in range(user_cfg["layers"]))
        self.final_norm = GemmaNorm(user_cfg["width"])

    def forward(self, ids):
        x = self.embedder(ids) * math.sqrt(user_cfg["width"])
        for blk in self.blocks:
            x = blk(x)
        return self.final_norm(x) @ self.embedder.weight.T
