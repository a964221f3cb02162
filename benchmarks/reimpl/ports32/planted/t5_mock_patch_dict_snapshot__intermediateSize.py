"""A tiny T5 built the way a test suite builds it: the module-level ``SIZES`` hold T5-small's
values, and the test's sizes are applied with ``unittest.mock.patch.dict`` while a snapshot
``C = dict(SIZES)`` is taken (the patch restores T5-small's values on exit; the model reads the
snapshot). Encoder and decoder with bucketed relative position bias (computed by the first
layer of each stack, shared by the rest), unscaled attention scores, RMS LayerNorm without mean
or bias, ReLU feed-forward, tied embeddings with the output rescaled by ``d_model ** -0.5``."""

from __future__ import annotations

import math
from unittest import mock

import torch
from torch import nn

SIZES = {
    "vocab": 32128,
    "d_model": 512,
    "d_kv": 64,
    "d_ff": 2048,
    "n_heads": 8,
    "enc_layers": 6,
    "dec_layers": 6,
    "buckets": 32,
    "max_distance": 128,
    "eps": 1e-06,
}
TEST_SIZES = dict(
    vocab=96,
    d_model=32,
    d_kv=8,
    d_ff=128,
    n_heads=4,
    enc_layers=2,
    dec_layers=2,
    buckets=32,
    max_distance=128,
    eps=1e-06,
)

with mock.patch.dict(SIZES, TEST_SIZES):
    C = dict(SIZES)


def bucket(rel, bidirectional: bool):
    n = C["buckets"]
    out = torch.zeros_like(rel)
    if bidirectional:
        n //= 2
        out = out + (rel > 0).long() * n
        rel = rel.abs()
    else:
        rel = -torch.clamp(rel, max=0)
    exact = n // 2
    large = (
        exact
        + (
            torch.log(rel.float() / exact) / math.log(C["max_distance"] / exact) * (n - exact)
        ).long()
    )
    large = torch.clamp(large, max=n - 1)
    return out + torch.where(rel < exact, rel, large)


class RMSNorm(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(C["d_model"]))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + C["eps"])


class Attention(nn.Module):
    def __init__(self, has_bias: bool, causal: bool) -> None:
        super().__init__()
        inner = C["n_heads"] * C["d_kv"]
        self.q = nn.Linear(C["d_model"], inner, bias=False)
        self.k = nn.Linear(C["d_model"], inner, bias=False)
        self.v = nn.Linear(C["d_model"], inner, bias=False)
        self.o = nn.Linear(inner, C["d_model"], bias=False)
        self.causal = causal
        if has_bias:
            self.rel_bias = nn.Embedding(C["buckets"], C["n_heads"])

    def position_bias(self, tq: int, tk: int):
        rel = torch.arange(tk)[None, :] - torch.arange(tq)[:, None]
        bias = self.rel_bias(bucket(rel, not self.causal)).permute(2, 0, 1)[None]
        if self.causal:
            bias = bias.masked_fill(rel[None, None] > 0, float("-inf"))
        return bias

    def forward(self, x, kv, bias):
        b, tq, _ = x.shape
        tk = kv.shape[1]

        def split(z, t):
            return z.view(b, t, C["n_heads"], C["d_kv"]).transpose(1, 2)

        s = split(self.q(x), tq) @ split(self.k(kv), tk).transpose(-1, -2) + bias
        a = s.softmax(-1) @ split(self.v(kv), tk)
        return self.o(a.transpose(1, 2).reshape(b, tq, -1))


class FeedForward(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.norm = RMSNorm()
        self.wi = nn.Linear(C["d_model"], C["d_ff"], bias=False)
        self.wo = nn.Linear(C["d_ff"], C["d_model"], bias=False)

    def forward(self, x):
        return x + self.wo(torch.relu(self.wi(self.norm(x))))


class EncoderLayer(nn.Module):
    def __init__(self, first: bool) -> None:
        super().__init__()
        self.attn_norm = RMSNorm()
        self.attn = Attention(first, causal=False)
        self.ff = FeedForward()

    def forward(self, x, bias):
        h = self.attn_norm(x)
        return self.ff(x + self.attn(h, h, bias))


class DecoderLayer(nn.Module):
    def __init__(self, first: bool) -> None:
        super().__init__()
        self.self_norm = RMSNorm()
        self.self_attn = Attention(first, causal=True)
        self.cross_norm = RMSNorm()
        self.cross_attn = Attention(False, causal=False)
        self.ff = FeedForward()

    def forward(self, y, memory, bias):
        h = self.self_norm(y)
        y = y + self.self_attn(h, h, bias)
        y = y + self.cross_attn(self.cross_norm(y), memory, 0.0)
        return self.ff(y)


class T5FromZip(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.shared = nn.Embedding(C["vocab"], C["d_model"])
        self.encoder = nn.ModuleList(EncoderLayer(i == 0) for i in range(C["enc_layers"]))
        self.enc_norm = RMSNorm()
        self.decoder = nn.ModuleList(DecoderLayer(i == 0) for i in range(C["dec_layers"]))
        self.dec_norm = RMSNorm()

    def forward(self, ids, dec_ids):
        x = self.shared(ids)
        bias = self.encoder[0].attn.position_bias(ids.shape[1], ids.shape[1])
        for layer in self.encoder:
            x = layer(x, bias)
        memory = self.enc_norm(x)
        y = self.shared(dec_ids)
        t = dec_ids.shape[1]
        bias = self.decoder[0].self_attn.position_bias(t, t)
        for layer in self.decoder:
            y = layer(y, memory, bias)
        y = self.dec_norm(y) * C["d_model"] ** -0.5
        return y @ self.shared.weight.T
