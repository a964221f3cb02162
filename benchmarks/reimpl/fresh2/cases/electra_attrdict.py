"""ELECTRA discriminator body: hyperparameters in a dict subclass with attribute access, each
layer an nn.Sequential of named residual sublayers built from an OrderedDict, embeddings
narrower than the hidden width and projected up, no pooler."""

import math
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F


class AttrDict(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


H = AttrDict(
    {
        "vocab": 600,
        "emb": 32,
        "hidden": 64,
        "layers": 2,
        "heads": 4,
        "ffn": 128,
        "positions": 128,
        "types": 2,
        "eps": 1e-12,
    }
)


class Residual(nn.Module):
    def __init__(self, fn, width, eps):
        super().__init__()
        self.fn = fn
        self.norm = nn.LayerNorm(width, eps=eps)

    def forward(self, x):
        return self.norm(x + self.fn(x))


class Attention(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.ModuleList([nn.Linear(width, width) for _ in range(3)])
        self.out = nn.Linear(width, width)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (m(x).view(b, t, self.heads, -1).transpose(1, 2) for m in self.qkv)
        a = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(d // self.heads), -1)
        return self.out((a @ v).transpose(1, 2).reshape(b, t, d))


class GeluFFN(nn.Module):
    def __init__(self, width, ffn):
        super().__init__()
        self.up = nn.Linear(width, ffn)
        self.down = nn.Linear(ffn, width)

    def forward(self, x):
        return self.down(F.gelu(self.up(x)))


def make_layer(h):
    return nn.Sequential(
        OrderedDict(
            attention=Residual(Attention(h.hidden, h.heads), h.hidden, h.eps),
            feed_forward=Residual(GeluFFN(h.hidden, h.ffn), h.hidden, h.eps),
        )
    )


class ElectraDiscriminatorBody(nn.Module):
    def __init__(self, h=H):
        super().__init__()
        self.embeddings = nn.ModuleDict(
            OrderedDict(
                word=nn.Embedding(h.vocab, h.emb, padding_idx=0),
                position=nn.Embedding(h.positions, h.emb),
                token_type=nn.Embedding(h.types, h.emb),
                norm=nn.LayerNorm(h.emb, eps=h.eps),
            )
        )
        self.embeddings_project = nn.Linear(h.emb, h.hidden)
        self.encoder = nn.Sequential(*(make_layer(h) for _ in range(h.layers)))

    def forward(self, ids, types):
        e = self.embeddings
        pos = torch.arange(ids.shape[1])[None]
        x = e["norm"](e["word"](ids) + e["position"](pos) + e["token_type"](types))
        return self.encoder(self.embeddings_project(x))
