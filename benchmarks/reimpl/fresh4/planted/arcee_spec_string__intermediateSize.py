"""Arcee (AFM): the whole architecture in one compact spec string parsed with a regex
(``"d96-l2-h6-kv2-f256-v800"``), a ReLU² MLP with no gate (up, square, down), grouped-query
attention through ``enable_gqa=True``, and an untied head."""

import re

import torch
import torch.nn as nn
import torch.nn.functional as F

SPEC = "d96-l2-h6-kv2-f384-v800"
ROPE_THETA = 10000.0
EPS = 1e-5


def parse(spec):
    fields = dict(re.findall(r"([a-z]+)(\d+)", spec))
    return {k: int(v) for k, v in fields.items()}


S = parse(SPEC)


class RMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(S["d"]))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = S["d"], S["h"], S["kv"]
        self.hd = d // h
        self.ln_1 = RMSNorm()
        self.q = nn.Linear(d, h * self.hd, bias=False)
        self.k = nn.Linear(d, kv * self.hd, bias=False)
        self.v = nn.Linear(d, kv * self.hd, bias=False)
        self.proj = nn.Linear(h * self.hd, d, bias=False)
        self.ln_2 = RMSNorm()
        self.up = nn.Linear(d, S["f"], bias=False)
        self.down = nn.Linear(S["f"], d, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        h = self.ln_1(x)
        q = self.q(h).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.k(h).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.v(h).view(b, t, -1, self.hd).transpose(1, 2)
        half = self.hd // 2
        q = q * cos + torch.cat((-q[..., half:], q[..., :half]), -1) * sin
        k = k * cos + torch.cat((-k[..., half:], k[..., :half]), -1) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.proj(y.transpose(1, 2).reshape(b, t, -1))
        return x + self.down(F.relu(self.up(self.ln_2(x))).square())


class Arcee(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(S["v"], S["d"])
        self.blocks = nn.ModuleList([Block() for _ in range(S["l"])])
        self.ln_f = RMSNorm()
        self.out = nn.Linear(S["d"], S["v"], bias=False)

    def forward(self, ids):
        hd = S["d"] // S["h"]
        inv = 1.0 / ROPE_THETA ** (torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv[None, :]
        emb = torch.cat((f, f), -1)
        x = self.tok(ids)
        for blk in self.blocks:
            x = blk(x, emb.cos(), emb.sin())
        return self.out(self.ln_f(x))
