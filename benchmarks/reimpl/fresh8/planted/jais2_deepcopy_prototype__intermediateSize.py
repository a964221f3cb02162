"""The Jais-style decoder again, its stack made by deep-copying one prototype layer
(``copy.deepcopy(proto)`` N times), as in the annotated-transformer's ``clones``."""

import copy
import math

import torch
import torch.nn as nn

VOCAB, D, LAYERS, HEADS, HEAD_DIM, FFN = 1024, 96, 2, 6, 16, 384
EPS = 1e-5


def clones(module: nn.Module, n: int) -> nn.ModuleList:
    return nn.ModuleList([copy.deepcopy(module) for _ in range(n)])


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        inner = HEADS * HEAD_DIM
        self.ln1 = nn.LayerNorm(D, eps=EPS)
        self.qkv = nn.ModuleList([nn.Linear(D, inner) for _ in range(3)])
        self.proj = nn.Linear(inner, D)
        self.ln2 = nn.LayerNorm(D, eps=EPS)
        self.up = nn.Linear(D, FFN)
        self.down = nn.Linear(FFN, D)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln1(x)
        q, k, v = (f(h).view(b, t, HEADS, HEAD_DIM).transpose(1, 2) for f in self.qkv)
        inv = 10000.0 ** (-torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
        a = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        half = HEAD_DIM // 2
        q = q * a.cos() + torch.cat((-q[..., half:], q[..., :half]), -1) * a.sin()
        k = k * a.cos() + torch.cat((-k[..., half:], k[..., :half]), -1) * a.sin()
        s = (q @ k.transpose(-1, -2)) / math.sqrt(HEAD_DIM)
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        x = x + self.proj((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1))
        return x + self.down(torch.relu(self.up(self.ln2(x))) ** 2)


class Jais(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, D)
        self.layers = clones(Layer(), LAYERS)
        self.ln_f = nn.LayerNorm(D, eps=EPS)
        self.head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.ln_f(x))
