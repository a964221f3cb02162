"""Gemma (multi-query) pieced together from three codebases, so the names are mixed: Meta-style
``wq``/``wo``, flax-style ``kernel`` for the MLP, HF-style norms. Head counts start from
``dict.fromkeys`` (every count 1) and only the query count is raised."""

import math

import torch
import torch.nn.functional as F
from torch import nn

COUNTS = dict.fromkeys(("q_heads", "kv_heads", "n_layers"), 1)
COUNTS.update(q_heads=4, n_layers=2)
SIZES = {"vocab": 384, "width": 64, "head": 16, "mlp": 320, "eps": 1e-6, "base": 10000.0}


class GemmaNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(n))

    def forward(self, x):
        x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + SIZES["eps"])
        return x * (1.0 + self.weight)


class Dense(nn.Module):
    """flax.linen.Dense: a ``kernel`` of shape [in, out], no bias."""

    def __init__(self, n_in, n_out):
        super().__init__()
        self.kernel = nn.Parameter(torch.randn(n_in, n_out) * 0.02)

    def forward(self, x):
        return x @ self.kernel


def rope(x):
    t, d = x.shape[-2:]
    inv = SIZES["base"] ** (-torch.arange(0, d, 2).float() / d)
    f = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
    a, b = x.chunk(2, -1)
    return x * f.cos() + torch.cat((-b, a), -1) * f.sin()


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        w, hd = SIZES["width"], SIZES["head"]
        self.nq, self.nkv = COUNTS["q_heads"], COUNTS["kv_heads"]
        self.input_layernorm = GemmaNorm(w)
        self.wq = nn.Linear(w, self.nq * hd, bias=False)
        self.wk = nn.Linear(w, self.nkv * hd, bias=False)
        self.wv = nn.Linear(w, self.nkv * hd, bias=False)
        self.wo = nn.Linear(self.nq * hd, w, bias=False)
        self.post_attention_layernorm = GemmaNorm(w)
        self.gating = Dense(w, SIZES["mlp"])
        self.linear = Dense(w, SIZES["mlp"])
        self.out = Dense(SIZES["mlp"], w)

    def forward(self, x):
        b, t, _ = x.shape
        hd = SIZES["head"]
        h = self.input_layernorm(x)
        q = rope(self.wq(h).view(b, t, self.nq, hd).transpose(1, 2))
        k = rope(self.wk(h).view(b, t, self.nkv, hd).transpose(1, 2))
        v = self.wv(h).view(b, t, self.nkv, hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.wo(o.transpose(1, 2).reshape(b, t, -1))
        h = self.post_attention_layernorm(x)
        return x + self.out(F.gelu(self.gating(h), approximate="tanh") * self.linear(h))


class Gemma(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedder = nn.Embedding(SIZES["vocab"], SIZES["width"])
        self.blocks = nn.ModuleList(Block() for _ in range(COUNTS["n_layers"]))
        self.final_norm = GemmaNorm(SIZES["width"])

    def forward(self, ids):
        x = self.embedder(ids) * math.sqrt(SIZES["width"])
        for blk in self.blocks:
            x = blk(x)
        return self.final_norm(x) @ self.embedder.weight.T
