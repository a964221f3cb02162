"""Qwen3 whose sizes a class decorator stamps onto the model class as attributes."""

import torch
import torch.nn as nn
import torch.nn.functional as F


def with_sizes(**sizes):
    def stamp(cls):
        for k, v in sizes.items():
            setattr(cls, k.upper(), v)
        return cls

    return stamp


class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Block(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m
        self.q = nn.Linear(m.WIDTH, m.HEADS * m.HEAD_DIM, bias=False)
        self.k = nn.Linear(m.WIDTH, m.KV_HEADS * m.HEAD_DIM, bias=False)
        self.v = nn.Linear(m.WIDTH, m.KV_HEADS * m.HEAD_DIM, bias=False)
        self.o = nn.Linear(m.HEADS * m.HEAD_DIM, m.WIDTH, bias=False)
        self.qn, self.kn = Norm(m.HEAD_DIM), Norm(m.HEAD_DIM)
        self.gate = nn.Linear(m.WIDTH, m.FFN, bias=False)
        self.up = nn.Linear(m.WIDTH, m.FFN, bias=False)
        self.down = nn.Linear(m.FFN, m.WIDTH, bias=False)
        self.n1, self.n2 = Norm(m.WIDTH), Norm(m.WIDTH)

    def forward(self, x):
        b, t, _ = x.shape
        hd = self.m.HEAD_DIM
        h = self.n1(x)
        q = self.qn(self.q(h).view(b, t, -1, hd)).transpose(1, 2)
        k = self.kn(self.k(h).view(b, t, -1, hd)).transpose(1, 2)
        v = self.v(h).view(b, t, -1, hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


@with_sizes(vocab=384, width=64, layers=3, heads=4, kv_heads=2, head_dim=32, ffn=192)
class Qwen3(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(self.VOCAB, self.WIDTH)
        self.blocks = nn.ModuleList(Block(type(self)) for _ in range(self.LAYERS))
        self.norm = Norm(self.WIDTH)
        self.head = nn.Linear(self.WIDTH, self.VOCAB, bias=False)
        self.head.weight = self.emb.weight

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x))
