"""Mixtral with its sizes in a UserDict whose __missing__ falls back to the family defaults."""

from collections import UserDict

import torch
import torch.nn as nn
import torch.nn.functional as F


class Sizes(UserDict):
    FAMILY = {
        "vocab": 32000,
        "dim": 4096,
        "layers": 32,
        "heads": 32,
        "kv_heads": 8,
        "experts": 8,
        "top_k": 2,
        "expert_ffn": 14336,
    }

    def __missing__(self, key):
        return self.FAMILY[key]


SIZES = Sizes(vocab=384, dim=64, layers=2, heads=4, kv_heads=2, experts=4, expert_ffn=128)


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class Expert(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.w1 = nn.Linear(d, f, bias=False)
        self.w2 = nn.Linear(f, d, bias=False)
        self.w3 = nn.Linear(d, f, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class SparseMoe(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.top_k = s["top_k"]
        self.gate = nn.Linear(s["dim"], s["experts"], bias=False)
        self.experts = nn.ModuleList(Expert(s["dim"], s["expert_ffn"]) for _ in range(s["experts"]))

    def forward(self, x):
        w, idx = self.gate(x).softmax(-1).topk(self.top_k, -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            sel = (idx == e).float() * w
            out = out + sel.sum(-1, keepdim=True) * expert(x)
        return out


class Block(nn.Module):
    def __init__(self, s):
        super().__init__()
        d, self.hd = s["dim"], s["dim"] // s["heads"]
        self.wq = nn.Linear(d, s["heads"] * self.hd, bias=False)
        self.wk = nn.Linear(d, s["kv_heads"] * self.hd, bias=False)
        self.wv = nn.Linear(d, s["kv_heads"] * self.hd, bias=False)
        self.wo = nn.Linear(s["heads"] * self.hd, d, bias=False)
        self.moe = SparseMoe(s)
        self.attention_norm, self.ffn_norm = RMSNorm(d), RMSNorm(d)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.attention_norm(x)
        q, k, v = (
            p(h).view(b, t, -1, self.hd).transpose(1, 2) for p in (self.wq, self.wk, self.wv)
        )
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.wo(y.transpose(1, 2).reshape(b, t, -1))
        return x + self.moe(self.ffn_norm(x))


class Mixtral(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(SIZES["vocab"], SIZES["dim"])
        self.layers = nn.ModuleList(Block(SIZES) for _ in range(SIZES["layers"]))
        self.norm = RMSNorm(SIZES["dim"])
        self.output = nn.Linear(SIZES["dim"], SIZES["vocab"], bias=False)

    def forward(self, ids):
        x = self.tok_embeddings(ids)
        for layer in self.layers:
            x = layer(x)
        return self.output(self.norm(x))
