"""Mixtral with an expert list; tokens are sorted by expert (argsort) and dispatched in runs."""

import json

import torch
import torch.nn.functional as F
from torch import nn

CFG = json.loads(
    '{"vocab": 320, "d": 64, "layers": 2, "heads": 4, "kv": 2, '
    '"ffn": 96, "experts": 4, "top_k": 2, "theta": 1000000.0}'
)


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Linear(CFG["d"], CFG["ffn"], bias=False)
        self.w3 = nn.Linear(CFG["d"], CFG["ffn"], bias=False)
        self.w2 = nn.Linear(CFG["ffn"], CFG["d"], bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class SparseMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(CFG["d"], CFG["experts"], bias=False)
        self.experts = nn.ModuleList(Expert() for _ in range(CFG["experts"]))

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        w, idx = self.router(flat).softmax(-1).topk(CFG["top_k"], -1)
        w = w / w.sum(-1, keepdim=True)
        tok = torch.arange(flat.shape[0]).repeat_interleave(CFG["top_k"])
        e_of, w_of = idx.reshape(-1), w.reshape(-1)
        order = torch.argsort(e_of, stable=True)
        counts = torch.bincount(e_of, minlength=len(self.experts)).tolist()
        out = torch.zeros_like(flat)
        for e, sel in zip(self.experts, torch.split(order, counts)):
            if len(sel):
                out.index_add_(0, tok[sel], e(flat[tok[sel]]) * w_of[sel, None])
        return out.view_as(x)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = CFG["d"], CFG["heads"], CFG["kv"]
        self.hd = d // h
        self.n1 = nn.Parameter(torch.ones(d))
        self.n2 = nn.Parameter(torch.ones(d))
        self.q = nn.Linear(d, h * self.hd, bias=False)
        self.k = nn.Linear(d, kv * self.hd, bias=False)
        self.v = nn.Linear(d, kv * self.hd, bias=False)
        self.o = nn.Linear(h * self.hd, d, bias=False)
        self.moe = SparseMoE()

    def forward(self, x, cos, sin):
        b, t, d = x.shape
        h = self.n1 * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)
        q, k, v = (p(h).view(b, t, -1, self.hd).transpose(1, 2) for p in (self.q, self.k, self.v))
        rh = lambda z: torch.cat((-z[..., self.hd // 2 :], z[..., : self.hd // 2]), -1)  # noqa: E731
        q, k = q * cos + rh(q) * sin, k * cos + rh(k) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, d))
        h = self.n2 * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)
        return x + self.moe(h)


class Mixtral(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(CFG["vocab"], CFG["d"])
        self.layers = nn.ModuleList(Layer() for _ in range(CFG["layers"]))
        self.nf = nn.Parameter(torch.ones(CFG["d"]))
        self.out = nn.Linear(CFG["d"], CFG["vocab"], bias=False)

    def forward(self, ids):
        hd = CFG["d"] // CFG["heads"]
        inv = CFG["theta"] ** (-torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        f = torch.cat([f, f], -1)
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x, f.cos(), f.sin())
        x = self.nf * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)
        return self.out(x)
