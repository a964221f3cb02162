"""Emu3 text tower: settings as a frozenset of (key, value) pairs (order-free, hashable, so our
sweep can dedupe runs), layers registered as block_0, block_1, ..."""

import torch
from torch import nn

RUN_KEY = frozenset(
    {
        ("vocab", 384),
        ("dim", 96),
        ("layers", 4),
        ("heads", 6),
        ("kv_heads", 3),
        ("hidden", 256),
        ("rms_eps", 1e-6),
    }
)
SETTINGS = dict(RUN_KEY)


class RMS(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.scale * x * (x.pow(2).mean(-1, keepdim=True) + SETTINGS["rms_eps"]).rsqrt()


class Block(nn.Module):
    def __init__(self, s):
        super().__init__()
        d, h, kv = s["dim"], s["heads"], s["kv_heads"]
        self.h, self.kv, self.hd = h, kv, d // h
        self.pre_attn = RMS(d)
        self.qkv = nn.Linear(d, (h + 2 * kv) * self.hd, bias=False)
        self.out = nn.Linear(h * self.hd, d, bias=False)
        self.pre_mlp = RMS(d)
        self.w13 = nn.Linear(d, 2 * s["hidden"], bias=False)
        self.w2 = nn.Linear(s["hidden"], d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(self.pre_attn(x)).split(
            [self.h * self.hd, self.kv * self.hd, self.kv * self.hd], -1
        )
        q = q.view(b, t, self.h, self.hd).transpose(1, 2)
        k = k.view(b, t, self.kv, self.hd).transpose(1, 2).repeat_interleave(self.h // self.kv, 1)
        v = v.view(b, t, self.kv, self.hd).transpose(1, 2).repeat_interleave(self.h // self.kv, 1)
        a = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.out(a.transpose(1, 2).reshape(b, t, -1))
        g, u = self.w13(self.pre_mlp(x)).chunk(2, -1)
        return x + self.w2(nn.functional.silu(g) * u)


class Emu3TextLM(nn.Module):
    def __init__(self, s=SETTINGS):
        super().__init__()
        self.tok = nn.Embedding(s["vocab"], s["dim"])
        self.depth = s["layers"]
        for i in range(self.depth):
            self.add_module(f"block_{i}", Block(s))
        self.final = RMS(s["dim"])
        self.head = nn.Linear(s["dim"], s["vocab"], bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        for i in range(self.depth):
            x = getattr(self, f"block_{i}")(x)
        return self.head(self.final(x))
