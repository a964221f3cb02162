"""mT5 (T5 v1.1 recipe, multilingual): RMS-only LayerNorm, gated GELU (tanh form) FFN, no
score scaling, bucketed relative position bias in the first layer of each stack (shared by
the stack's other layers), untied embeddings. The sizes are class attributes implemented as
descriptors (``__set_name__`` records each name, ``__get__`` gives an override or the
default)."""

import math

import torch
import torch.nn.functional as F
from torch import nn


class Dim:
    def __init__(self, default):
        self.default = default

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self.default
        return obj.__dict__.get(self.name, self.default)


class Dims:
    vocab = Dim(900)
    d_model = Dim(64)
    d_kv = Dim(16)
    d_ff = Dim(160)
    heads = Dim(6)
    enc_layers = Dim(2)
    dec_layers = Dim(3)
    buckets = Dim(32)
    max_distance = Dim(20)
    eps = Dim(1e-6)


D = Dims()


class RMS(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D.d_model))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + D.eps)


def bucket(rel, bidirectional):
    n = D.buckets
    out = torch.zeros_like(rel)
    if bidirectional:
        n //= 2
        out = out + (rel > 0).long() * n
        rel = rel.abs()
    else:
        rel = -torch.clamp(rel, max=0)
    exact = n // 2
    far = (
        exact
        + (
            torch.log(rel.float().clamp(min=1) / exact)
            / math.log(D.max_distance / exact)
            * (n - exact)
        ).long()
    )
    far = torch.clamp(far, max=n - 1)
    return out + torch.where(rel < exact, rel, far)


class Attention(nn.Module):
    def __init__(self, with_bias=False, bidirectional=True):
        super().__init__()
        inner = D.heads * D.d_kv
        self.q = nn.Linear(D.d_model, inner, bias=False)
        self.k = nn.Linear(D.d_model, inner, bias=False)
        self.v = nn.Linear(D.d_model, inner, bias=False)
        self.o = nn.Linear(inner, D.d_model, bias=False)
        self.bidirectional = bidirectional
        self.rel = nn.Embedding(D.buckets, D.heads) if with_bias else None

    def position_bias(self, tq, tk, device):
        rel = torch.arange(tk, device=device)[None] - torch.arange(tq, device=device)[:, None]
        return self.rel(bucket(rel, self.bidirectional)).permute(2, 0, 1)[None]

    def forward(self, x, kv, bias):
        b, tq, _ = x.shape
        tk = kv.shape[1]
        q = self.q(x).view(b, tq, D.heads, D.d_kv).transpose(1, 2)
        k = self.k(kv).view(b, tk, D.heads, D.d_kv).transpose(1, 2)
        v = self.v(kv).view(b, tk, D.heads, D.d_kv).transpose(1, 2)
        s = q @ k.transpose(-1, -2)
        if bias is not None:
            s = s + bias
        return self.o((s.softmax(-1) @ v).transpose(1, 2).reshape(b, tq, -1))


class GatedGelu(nn.Module):
    def __init__(self):
        super().__init__()
        self.wi_0 = nn.Linear(D.d_model, D.d_ff, bias=False)
        self.wi_1 = nn.Linear(D.d_model, D.d_ff, bias=False)
        self.wo = nn.Linear(D.d_ff, D.d_model, bias=False)

    def forward(self, x):
        return self.wo(F.gelu(self.wi_0(x), approximate="tanh") * self.wi_1(x))


class Block(nn.Module):
    def __init__(self, first, decoder):
        super().__init__()
        self.decoder = decoder
        self.self_norm = RMS()
        self.self_attn = Attention(with_bias=first, bidirectional=not decoder)
        if decoder:
            self.cross_norm = RMS()
            self.cross_attn = Attention()
        self.ff_norm = RMS()
        self.ff = GatedGelu()

    def forward(self, x, bias, memory=None):
        h = self.self_norm(x)
        x = x + self.self_attn(h, h, bias)
        if self.decoder:
            x = x + self.cross_attn(self.cross_norm(x), memory, None)
        return x + self.ff(self.ff_norm(x))


class Stack(nn.Module):
    def __init__(self, n, decoder):
        super().__init__()
        self.decoder = decoder
        self.blocks = nn.ModuleList(Block(i == 0, decoder) for i in range(n))
        self.final_norm = RMS()

    def forward(self, x, memory=None):
        t = x.shape[1]
        bias = self.blocks[0].self_attn.position_bias(t, t, x.device)
        if self.decoder:
            future = torch.triu(torch.ones(t, t, dtype=torch.bool, device=x.device), 1)
            bias = bias.masked_fill(future, torch.finfo(bias.dtype).min)
        for block in self.blocks:
            x = block(x, bias, memory)
        return self.final_norm(x)


class MT5(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(D.vocab, D.d_model)
        self.encoder = Stack(D.enc_layers, decoder=False)
        self.decoder = Stack(D.dec_layers, decoder=True)

    def forward(self, src, tgt):
        memory = self.encoder(self.shared(src))
        return self.decoder(self.shared(tgt), memory)
