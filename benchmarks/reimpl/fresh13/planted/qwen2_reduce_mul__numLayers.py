"""Qwen2 (q/k/v biases, tied embeddings); each size is a functools.reduce over its factors."""

import operator
from functools import reduce

import torch.nn.functional as F
from torch import nn

FACTORS = {
    "vocab": (5, 64),
    "hidden": (8, 8),
    "layers": (3,),
    "heads": (2, 2),
    "kv_heads": (2,),
    "ffn": (3, 4, 16),
}
SZ = {k: reduce(operator.mul, v, 1) for k, v in FACTORS.items()}


class QwenAttention(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = SZ["hidden"], SZ["heads"], SZ["kv_heads"]
        self.hd = d // h
        self.q_proj = nn.Linear(d, h * self.hd)
        self.k_proj = nn.Linear(d, kv * self.hd)
        self.v_proj = nn.Linear(d, kv * self.hd)
        self.o_proj = nn.Linear(h * self.hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, self.hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class QwenLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d, f = SZ["hidden"], SZ["ffn"]
        self.ln_1, self.ln_2 = nn.RMSNorm(d, eps=1e-6), nn.RMSNorm(d, eps=1e-6)
        self.attn = QwenAttention()
        self.w_gate, self.w_up = nn.Linear(d, f, bias=False), nn.Linear(d, f, bias=False)
        self.w_down = nn.Linear(f, d, bias=False)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        h = self.ln_2(x)
        return x + self.w_down(F.silu(self.w_gate(h)) * self.w_up(h))


class Qwen2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(SZ["vocab"], SZ["hidden"])
        self.layers = nn.ModuleList(QwenLayer() for _ in range(SZ["layers"]))
        self.ln_f = nn.RMSNorm(SZ["hidden"], eps=1e-6)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.ln_f(x), self.embed.weight)  # tied head
