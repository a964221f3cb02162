"""A T5 encoder-decoder (shared embeddings, relative position buckets in each stack's first
block, ReLU MLP, no LM head); counts written as sums of booleans, as our feature flags are."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

USE_ENC_A, USE_ENC_B = True, True
USE_DEC_A, USE_DEC_B = True, True
ENC_LAYERS = USE_ENC_A + USE_ENC_B
DEC_LAYERS = USE_DEC_A + USE_DEC_B
VOCAB, D_MODEL, D_KV, HEADS, D_FF = 320, 64, 16, 4, 192
BUCKETS, MAX_DIST = 32, 128
EPS = 1e-6
INNER = HEADS * D_KV


class T5Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D_MODEL))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


def bucket(rel, bidirectional):
    n = BUCKETS
    out = 0
    if bidirectional:
        n //= 2
        out = (rel > 0).long() * n
        rel = rel.abs()
    else:
        rel = -torch.clamp(rel, max=0)
    exact = n // 2
    large = (
        exact
        + (
            torch.log(rel.float().clamp(min=1) / exact) / math.log(MAX_DIST / exact) * (n - exact)
        ).long()
    )
    return out + torch.where(rel < exact, rel, large.clamp(max=n - 1))


class Attention(nn.Module):
    def __init__(self, has_bias, bidirectional):
        super().__init__()
        self.q, self.k, self.v = (nn.Linear(D_MODEL, INNER, bias=False) for _ in range(3))
        self.o = nn.Linear(INNER, D_MODEL, bias=False)
        self.bidirectional = bidirectional
        self.rel = nn.Embedding(BUCKETS, HEADS) if has_bias else None

    def position_bias(self, tq, tk):
        rel = torch.arange(tk)[None] - torch.arange(tq)[:, None]
        return self.rel(bucket(rel, self.bidirectional)).permute(2, 0, 1)[None]

    def forward(self, x, mem=None, bias=None):
        mem = x if mem is None else mem
        b, t, _ = x.shape
        q = self.q(x).view(b, t, HEADS, D_KV).transpose(1, 2)
        k = self.k(mem).view(b, -1, HEADS, D_KV).transpose(1, 2)
        v = self.v(mem).view(b, -1, HEADS, D_KV).transpose(1, 2)
        if self.rel is not None:
            bias = self.position_bias(t, mem.shape[1])
            if not self.bidirectional:
                bias = bias.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        scores = q @ k.transpose(-1, -2) + (0 if bias is None else bias)
        o = scores.softmax(-1) @ v
        return self.o(o.transpose(1, 2).reshape(b, t, INNER)), bias


class FF(nn.Module):
    def __init__(self):
        super().__init__()
        self.wi = nn.Linear(D_MODEL, D_FF, bias=False)
        self.wo = nn.Linear(D_FF, D_MODEL, bias=False)
        self.norm = T5Norm()

    def forward(self, x):
        return x + self.wo(F.relu(self.wi(self.norm(x))))


class EncBlock(nn.Module):
    def __init__(self, first):
        super().__init__()
        self.norm = T5Norm()
        self.attn = Attention(first, True)
        self.ff = FF()

    def forward(self, x, bias):
        a, bias = self.attn(self.norm(x), bias=bias)
        return self.ff(x + a), bias


class DecBlock(nn.Module):
    def __init__(self, first):
        super().__init__()
        self.norm1, self.self_attn = T5Norm(), Attention(first, False)
        self.norm2, self.cross_attn = T5Norm(), Attention(False, True)
        self.ff = FF()

    def forward(self, x, mem, bias):
        a, bias = self.self_attn(self.norm1(x), bias=bias)
        x = x + a
        x = x + self.cross_attn(self.norm2(x), mem)[0]
        return self.ff(x), bias


class T5(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(VOCAB, D_MODEL)
        self.encoder = nn.ModuleList(EncBlock(i == 0) for i in range(ENC_LAYERS))
        self.enc_norm = T5Norm()
        self.decoder = nn.ModuleList(DecBlock(i == 0) for i in range(DEC_LAYERS))
        self.dec_norm = T5Norm()

    def forward(self, src, tgt):
        x, bias = self.shared(src), None
        for blk in self.encoder:
            x, bias = blk(x, bias)
        mem = self.enc_norm(x)
        y, bias = self.shared(tgt), None
        for blk in self.decoder:
            y, bias = blk(y, mem, bias)
        return self.dec_norm(y)
