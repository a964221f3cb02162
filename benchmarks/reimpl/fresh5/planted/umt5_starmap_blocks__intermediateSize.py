"""UMT5 (T5 v1.1 with a relative-position bias table in EVERY layer, not only the first): the
encoder and decoder blocks are made with ``itertools.starmap`` over (is_decoder, index) pairs.
Gated-GELU (tanh) FFN, scale-only RMS norms, no 1/sqrt(d) on the scores, one shared embedding."""

import itertools
import math

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = 640
D_MODEL = 64
D_KV = 16
D_FF = 192
N_HEADS = 4
ENC_LAYERS = 2
DEC_LAYERS = 2
BUCKETS = 32
MAX_DISTANCE = 128
EPS = 1e-6


class T5Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D_MODEL))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


def bucket(rel, causal):
    n = BUCKETS
    out = 0
    if not causal:
        n //= 2
        out = (rel > 0).long() * n
        rel = rel.abs()
    else:
        rel = -torch.clamp(rel, max=0)
    exact = n // 2
    large = (
        exact
        + (torch.log(rel.float() / exact) / math.log(MAX_DISTANCE / exact) * (n - exact)).long()
    )
    large = torch.clamp(large, max=n - 1)
    return out + torch.where(rel < exact, rel, large)


class Attention(nn.Module):
    def __init__(self, relative, causal):
        super().__init__()
        inner = N_HEADS * D_KV
        self.causal = causal
        self.q = nn.Linear(D_MODEL, inner, bias=False)
        self.k = nn.Linear(D_MODEL, inner, bias=False)
        self.v = nn.Linear(D_MODEL, inner, bias=False)
        self.o = nn.Linear(inner, D_MODEL, bias=False)
        self.rel_bias = nn.Embedding(BUCKETS, N_HEADS) if relative else None

    def forward(self, x, mem=None):
        src = x if mem is None else mem
        b, n, _ = x.shape
        m = src.shape[1]
        q = self.q(x).view(b, n, N_HEADS, D_KV).transpose(1, 2)
        k = self.k(src).view(b, m, N_HEADS, D_KV).transpose(1, 2)
        v = self.v(src).view(b, m, N_HEADS, D_KV).transpose(1, 2)
        scores = q @ k.transpose(-1, -2)
        if self.rel_bias is not None:
            rel = torch.arange(m)[None, :] - torch.arange(n)[:, None]
            scores = scores + self.rel_bias(bucket(rel, self.causal)).permute(2, 0, 1)
        if self.causal and mem is None:
            scores = scores.masked_fill(torch.ones(n, m, dtype=torch.bool).triu(1), float("-inf"))
        out = (scores.float().softmax(-1).type_as(scores) @ v).transpose(1, 2).reshape(b, n, -1)
        return self.o(out)


class Block(nn.Module):
    def __init__(self, is_decoder, index):
        super().__init__()
        self.self_norm = T5Norm()
        self.self_attn = Attention(relative=True, causal=is_decoder)
        if is_decoder:
            self.cross_norm = T5Norm()
            self.cross_attn = Attention(relative=False, causal=False)
        self.ff_norm = T5Norm()
        self.wi_0 = nn.Linear(D_MODEL, D_FF, bias=False)
        self.wi_1 = nn.Linear(D_MODEL, D_FF, bias=False)
        self.wo = nn.Linear(D_FF, D_MODEL, bias=False)
        self.index = index

    def forward(self, x, mem=None):
        x = x + self.self_attn(self.self_norm(x))
        if mem is not None:
            x = x + self.cross_attn(self.cross_norm(x), mem)
        h = self.ff_norm(x)
        return x + self.wo(F.gelu(self.wi_0(h), approximate="tanh") * self.wi_1(h))


class UMT5(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(VOCAB, D_MODEL)
        self.encoder = nn.ModuleList(
            itertools.starmap(Block, ((False, i) for i in range(ENC_LAYERS)))
        )
        self.encoder_norm = T5Norm()
        self.decoder = nn.ModuleList(
            itertools.starmap(Block, ((True, i) for i in range(DEC_LAYERS)))
        )
        self.decoder_norm = T5Norm()

    def forward(self, src, tgt):
        h = self.shared(src)
        for blk in self.encoder:
            h = blk(h)
        mem = self.encoder_norm(h)
        y = self.shared(tgt)
        for blk in self.decoder:
            y = blk(y, mem)
        return self.decoder_norm(y)
