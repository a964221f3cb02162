"""A small Llama, written from memory for a toy experiment. Settings are a ChainMap of the run's
overrides over the library defaults; blocks live in a ModuleDict under "0", "1", ..."""

from collections import ChainMap

import torch
import torch.nn.functional as F
from torch import nn

DEFAULTS = {
    "vocab": 32000,
    "dim": 4096,
    "n_layers": 32,
    "n_heads": 32,
    "n_kv": 8,
    "ffn": 11008,
    "eps": 1e-5,
    "base": 10000.0,
}
OVERRIDES = {
    "vocab": 384,
    "dim": 64,
    "n_layers": 2,
    "n_heads": 4,
    "n_kv": 2,
    "ffn": 176,
    "base": 500000.0,
}
HP = ChainMap(OVERRIDES, DEFAULTS)


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))


def rope(x, base):
    hd = x.shape[-1]
    inv = 1.0 / (base ** (torch.arange(0, hd, 2, dtype=torch.float32) / hd))
    ang = torch.einsum("t,f->tf", torch.arange(x.shape[-2], dtype=torch.float32), inv)
    ang = torch.cat([ang, ang], -1)
    x1, x2 = x.chunk(2, -1)
    return x * ang.cos() + torch.cat([-x2, x1], -1) * ang.sin()


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = HP["dim"], HP["n_heads"], HP["n_kv"]
        self.hd = d // h
        self.h, self.kv = h, kv
        self.attn_norm = RMSNorm(d, HP["eps"])
        self.wq = nn.Linear(d, h * self.hd, bias=False)
        self.wk = nn.Linear(d, kv * self.hd, bias=False)
        self.wv = nn.Linear(d, kv * self.hd, bias=False)
        self.wo = nn.Linear(h * self.hd, d, bias=False)
        self.mlp_norm = RMSNorm(d, HP["eps"])
        self.w1 = nn.Linear(d, HP["ffn"], bias=False)
        self.w3 = nn.Linear(d, HP["ffn"], bias=False)
        self.w2 = nn.Linear(HP["ffn"], d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        y = self.attn_norm(x)
        q = self.wq(y).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.wk(y).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.wv(y).view(b, t, self.kv, self.hd).transpose(1, 2)
        q, k = rope(q, HP["base"]), rope(k, HP["base"])
        k = k.repeat_interleave(self.h // self.kv, 1)
        v = v.repeat_interleave(self.h // self.kv, 1)
        s = torch.einsum("bhqd,bhkd->bhqk", q, k) / self.hd**0.5
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        o = torch.einsum("bhqk,bhkd->bhqd", s.softmax(-1), v)
        x = x + self.wo(o.transpose(1, 2).reshape(b, t, -1))
        y = self.mlp_norm(x)
        return x + self.w2(F.silu(self.w1(y)) * self.w3(y))


class ToyLlama(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(HP["vocab"], HP["dim"])
        self.blocks = nn.ModuleDict({str(i): Block() for i in range(HP["n_layers"])})
        self.norm = RMSNorm(HP["dim"], HP["eps"])
        self.out = nn.Linear(HP["dim"], HP["vocab"], bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        for i in range(len(self.blocks)):
            x = self.blocks[str(i)](x)
        return self.out(self.norm(x))
