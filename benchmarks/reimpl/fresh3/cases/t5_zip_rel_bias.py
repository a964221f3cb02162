"""T5 (v1.0, ReLU MLP): the blocks of each stack are built by a list comprehension over a zip
of per-layer settings (``has_relative_bias`` true for the first block only), bucketed relative
position biases shared by all layers of a stack, RMSNorm without mean subtraction and without
bias, attention without the 1/sqrt(d) scale, and the LM head tied to the shared table
(rescaled by d_model ** -0.5). The sizes are module-level constants."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB = 720
D_MODEL = 64
D_KV = 16
N_HEADS = 4
D_FF = 160
ENC_LAYERS = 2
DEC_LAYERS = 2
BUCKETS = 16
MAX_DISTANCE = 64
EPS = 1e-6


class T5Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


def bucket(rel, bidirectional):
    n = BUCKETS
    ret = 0
    if bidirectional:
        n //= 2
        ret = (rel > 0).long() * n
        rel = rel.abs()
    else:
        rel = -torch.clamp(rel, max=0)
    exact = n // 2
    large = (
        exact
        + (
            torch.log(rel.float().clamp(min=1) / exact)
            / math.log(MAX_DISTANCE / exact)
            * (n - exact)
        ).long()
    )
    return ret + torch.where(rel < exact, rel, large.clamp(max=n - 1))


class Attention(nn.Module):
    def __init__(self, has_relative_bias, bidirectional):
        super().__init__()
        inner = N_HEADS * D_KV
        self.q = nn.Linear(D_MODEL, inner, bias=False)
        self.k = nn.Linear(D_MODEL, inner, bias=False)
        self.v = nn.Linear(D_MODEL, inner, bias=False)
        self.o = nn.Linear(inner, D_MODEL, bias=False)
        self.bidirectional = bidirectional
        self.rel = nn.Embedding(BUCKETS, N_HEADS) if has_relative_bias else None

    def position_bias(self, tq, tk):
        rel = torch.arange(tk)[None, :] - torch.arange(tq)[:, None]
        return self.rel(bucket(rel, self.bidirectional)).permute(2, 0, 1)[None]

    def forward(self, x, kv=None, bias=None):
        kv = x if kv is None else kv
        b, t, _ = x.shape
        q = self.q(x).view(b, t, N_HEADS, D_KV).transpose(1, 2)
        k = self.k(kv).view(b, -1, N_HEADS, D_KV).transpose(1, 2)
        v = self.v(kv).view(b, -1, N_HEADS, D_KV).transpose(1, 2)
        if bias is None and self.rel is not None:
            bias = self.position_bias(t, k.shape[2])
        s = q @ k.transpose(-1, -2)
        if bias is not None:
            s = s + bias
        if not self.bidirectional:  # decoder self-attention: causal
            s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        y = (s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1)
        return self.o(y), bias


class Block(nn.Module):
    def __init__(self, has_relative_bias, is_decoder):
        super().__init__()
        self.self_norm = T5Norm(D_MODEL)
        self.self_attn = Attention(has_relative_bias, bidirectional=not is_decoder)
        if is_decoder:
            self.cross_norm = T5Norm(D_MODEL)
            self.cross_attn = Attention(False, bidirectional=True)
        self.ff_norm = T5Norm(D_MODEL)
        self.wi = nn.Linear(D_MODEL, D_FF, bias=False)
        self.wo = nn.Linear(D_FF, D_MODEL, bias=False)
        self.is_decoder = is_decoder

    def forward(self, x, bias, memory=None):
        y, bias = self.self_attn(self.self_norm(x), bias=bias)
        x = x + y
        if self.is_decoder:
            x = x + self.cross_attn(self.cross_norm(x), memory)[0]
        return x + self.wo(F.relu(self.wi(self.ff_norm(x)))), bias


class Stack(nn.Module):
    def __init__(self, n_layers, is_decoder):
        super().__init__()
        has_bias = [i == 0 for i in range(n_layers)]
        kinds = [is_decoder] * n_layers
        self.blocks = nn.ModuleList([Block(hb, dec) for hb, dec in zip(has_bias, kinds)])
        self.final_norm = T5Norm(D_MODEL)

    def forward(self, x, memory=None):
        bias = None
        for blk in self.blocks:
            x, bias = blk(x, bias, memory)
        return self.final_norm(x)


class T5(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(VOCAB, D_MODEL)
        self.encoder = Stack(ENC_LAYERS, is_decoder=False)
        self.decoder = Stack(DEC_LAYERS, is_decoder=True)

    def forward(self, src, tgt):
        memory = self.encoder(self.shared(src))
        h = self.decoder(self.shared(tgt), memory)
        return F.linear(h * D_MODEL**-0.5, self.shared.weight)
