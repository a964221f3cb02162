"""Qwen2 reproduction whose sizes live in an INI section, read with configparser."""

import configparser
import math

import torch
import torch.nn.functional as F
from torch import nn

INI = """
[model]
vocab = 320
hidden = 64
layers = 2
heads = 4
kv_heads = 2
intermediate = 192
rope_theta = 1000000.0
eps = 1e-06
"""
cp = configparser.ConfigParser()
cp.read_string(INI)
M = cp["model"]


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = M.getfloat("eps")

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = M.getint("hidden"), M.getint("heads"), M.getint("kv_heads")
        self.h, self.kv, self.hd = h, kv, d // h
        self.q = nn.Linear(d, h * self.hd)
        self.k = nn.Linear(d, kv * self.hd)
        self.v = nn.Linear(d, kv * self.hd)
        self.o = nn.Linear(h * self.hd, d, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.k(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.v(x).view(b, t, self.kv, self.hd).transpose(1, 2)

        def rot(z):
            z1, z2 = z[..., : self.hd // 2], z[..., self.hd // 2 :]
            return z * cos + torch.cat([-z2, z1], -1) * sin

        q, k = rot(q), rot(k)
        k = k.repeat_interleave(self.h // self.kv, 1)
        v = v.repeat_interleave(self.h // self.kv, 1)
        s = q @ k.transpose(-1, -2) / math.sqrt(self.hd)
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        y = s.softmax(-1) @ v
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, f = M.getint("hidden"), M.getint("intermediate")
        self.ln1, self.ln2 = RMSNorm(d), RMSNorm(d)
        self.attn = Attention()
        self.gate = nn.Linear(d, f, bias=False)
        self.up = nn.Linear(d, f, bias=False)
        self.down = nn.Linear(f, d, bias=False)

    def forward(self, x, cos, sin):
        x = x + self.attn(self.ln1(x), cos, sin)
        h = self.ln2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Qwen2(nn.Module):
    def __init__(self):
        super().__init__()
        d = M.getint("hidden")
        self.embed = nn.Embedding(M.getint("vocab"), d)
        self.blocks = nn.ModuleList(Block() for _ in range(M.getint("layers")))
        self.norm = RMSNorm(d)
        self.lm_head = nn.Linear(d, M.getint("vocab"), bias=False)

    def forward(self, ids):
        hd = M.getint("hidden") // M.getint("heads")
        inv = M.getfloat("rope_theta") ** (-torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(ids.shape[1]).float()[:, None] * inv[None]
        ang = torch.cat([ang, ang], -1)
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x, ang.cos(), ang.sin())
        return self.lm_head(self.norm(x))
