"""A tiny Llama whose key and value projections are one fused ``wkv`` matrix (written for a
serving stack that stores K and V side by side); the query keeps its own matrix."""

import math

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, DEPTH = 512, 64, 2
Q_HEADS, KV_HEADS, HEAD = 4, 1, 16
FFN = 176
THETA = 50000.0
EPS = 1e-5


def rotate(x, cos, sin):
    a, b = x.chunk(2, dim=-1)
    return x * cos + torch.cat((-b, a), dim=-1) * sin


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=EPS):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        h = x.float()
        h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps)
        return self.weight * h.to(x.dtype)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_norm = RMSNorm(WIDTH)
        self.wq = nn.Linear(WIDTH, Q_HEADS * HEAD, bias=False)
        self.wkv = nn.Linear(WIDTH, 2 * KV_HEADS * HEAD, bias=False)
        self.wo = nn.Linear(Q_HEADS * HEAD, WIDTH, bias=False)
        self.mlp_norm = RMSNorm(WIDTH)
        self.gate = nn.Linear(WIDTH, FFN, bias=False)
        self.up = nn.Linear(WIDTH, FFN, bias=False)
        self.down = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        h = self.attn_norm(x)
        q = self.wq(h).view(b, t, Q_HEADS, HEAD).transpose(1, 2)
        k, v = self.wkv(h).view(b, t, 2, KV_HEADS, HEAD).unbind(2)
        k, v = k.transpose(1, 2), v.transpose(1, 2)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        k = k.repeat_interleave(Q_HEADS // KV_HEADS, dim=1)
        v = v.repeat_interleave(Q_HEADS // KV_HEADS, dim=1)
        s = (q @ k.transpose(-1, -2)) / math.sqrt(HEAD)
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        o = (s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1)
        x = x + self.wo(o)
        h = self.mlp_norm(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Llama(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Layer() for _ in range(DEPTH))
        self.norm = RMSNorm(WIDTH)
        self.head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        t = ids.shape[1]
        inv = 1.0 / THETA ** (torch.arange(0, HEAD, 2).float() / HEAD)
        ang = torch.outer(torch.arange(t).float(), inv)
        ang = torch.cat((ang, ang), dim=-1)
        cos, sin = ang.cos(), ang.sin()
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.head(self.norm(x))
