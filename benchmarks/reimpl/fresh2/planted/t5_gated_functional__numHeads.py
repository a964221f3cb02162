"""T5 with v1.1's gated GELU and the original tied head (rescaled by d_model ** -0.5):
weights as bare nn.Parameters stored [in, out] in the mesh-tensorflow manner, applied by
torch.einsum, hyperparameters returned by a function with keyword-only defaults, a relative
position bias owned by the first block of each stack, inner attention width heads * kv_dim
different from d_model."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def hparams(
    *,
    vocab=640,
    d_model=48,
    heads=6,
    kv_dim=16,
    d_ff=112,
    n_enc=2,
    n_dec=3,
    buckets=32,
    max_distance=64,
    eps=1e-6,
):
    return dict(vocab=vocab, d_model=d_model, heads=heads, kv_dim=kv_dim, d_ff=d_ff,
                n_enc=n_enc, n_dec=n_dec, buckets=buckets, max_distance=max_distance, eps=eps)


def w(*shape):
    return nn.Parameter(torch.randn(*shape) / math.sqrt(shape[0]))


class RMS(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        return self.scale * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attn(nn.Module):
    def __init__(self, hp, relative=False, bidirectional=True):
        super().__init__()
        inner = hp["heads"] * hp["kv_dim"]
        self.h, self.hp, self.bidirectional = hp["heads"], hp, bidirectional
        self.wq, self.wk = w(hp["d_model"], inner), w(hp["d_model"], inner)
        self.wv, self.wo = w(hp["d_model"], inner), w(inner, hp["d_model"])
        self.rel = w(hp["buckets"], hp["heads"]) if relative else None

    def bucket(self, rel):
        n = self.hp["buckets"]
        out = 0
        if self.bidirectional:
            n //= 2
            out = (rel > 0).long() * n
            rel = rel.abs()
        else:
            rel = -torch.clamp(rel, max=0)
        exact = n // 2
        big = exact + (
            torch.log(rel.float().clamp(min=1) / exact)
            / math.log(self.hp["max_distance"] / exact)
            * (n - exact)
        ).long()
        return out + torch.where(rel < exact, rel, big.clamp(max=n - 1))

    def forward(self, x, mem=None, bias=None, causal=False):
        mem = x if mem is None else mem
        q = torch.einsum("btd,di->bti", x, self.wq).unflatten(-1, (self.h, -1))
        k = torch.einsum("bsd,di->bsi", mem, self.wk).unflatten(-1, (self.h, -1))
        v = torch.einsum("bsd,di->bsi", mem, self.wv).unflatten(-1, (self.h, -1))
        s = torch.einsum("bthk,bshk->bhts", q, k)
        if self.rel is not None:
            t, n = x.shape[1], mem.shape[1]
            rel = torch.arange(n)[None] - torch.arange(t)[:, None]
            bias = self.rel[self.bucket(rel)].permute(2, 0, 1)[None]
        if bias is not None:
            s = s + bias
        if causal:
            s = s.masked_fill(torch.ones_like(s, dtype=torch.bool).triu(1), float("-inf"))
        y = torch.einsum("bhts,bshk->bthk", s.softmax(-1), v).flatten(2)
        return torch.einsum("bti,id->btd", y, self.wo), bias


class GatedFF(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.wi_0, self.wi_1 = w(hp["d_model"], hp["d_ff"]), w(hp["d_model"], hp["d_ff"])
        self.wo = w(hp["d_ff"], hp["d_model"])

    def forward(self, x):
        g = F.gelu(x @ self.wi_0, approximate="tanh")
        return (g * (x @ self.wi_1)) @ self.wo


class Block(nn.Module):
    def __init__(self, hp, first, decoder):
        super().__init__()
        self.self_norm = RMS(hp["d_model"], hp["eps"])
        self.self_attn = Attn(hp, relative=first, bidirectional=not decoder)
        self.cross_norm = RMS(hp["d_model"], hp["eps"]) if decoder else None
        self.cross_attn = Attn(hp) if decoder else None
        self.ff_norm = RMS(hp["d_model"], hp["eps"])
        self.ff = GatedFF(hp)

    def forward(self, x, bias=None, mem=None):
        y, bias = self.self_attn(self.self_norm(x), bias=bias, causal=self.cross_attn is not None)
        x = x + y
        if self.cross_attn is not None:
            x = x + self.cross_attn(self.cross_norm(x), mem=mem)[0]
        return x + self.ff(self.ff_norm(x)), bias


class T5(nn.Module):
    def __init__(self, hp=None):
        super().__init__()
        hp = hp or hparams()
        self.embed = nn.Parameter(torch.randn(hp["vocab"], hp["d_model"]))
        self.encoder = nn.ModuleList(Block(hp, i == 0, False) for i in range(hp["n_enc"]))
        self.encoder_norm = RMS(hp["d_model"], hp["eps"])
        self.decoder = nn.ModuleList(Block(hp, i == 0, True) for i in range(hp["n_dec"]))
        self.decoder_norm = RMS(hp["d_model"], hp["eps"])
        self.scale = hp["d_model"] ** -0.5

    def forward(self, src, tgt):
        x, bias = F.embedding(src, self.embed), None
        for blk in self.encoder:
            x, bias = blk(x, bias)
        mem = self.encoder_norm(x)
        y, bias = F.embedding(tgt, self.embed), None
        for blk in self.decoder:
            y, bias = blk(y, bias, mem)
        return (self.decoder_norm(y) * self.scale) @ self.embed.t()
