"""A minimal T5 seq2seq: a frozen ``T5Config`` dataclass whose defaults are T5-small's (the
relative-attention buckets, their distance and the norm eps are left at those defaults) and the
tiny run made with ``dataclasses.replace``. Relative position buckets (bidirectional in the
encoder, causal in the decoder), RMS-style layer norm without mean, ReLU MLP, tied
embeddings scaled on output."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import torch
from torch import nn


@dataclass(frozen=True)
class T5Config:
    vocab_size: int = 32128
    d_model: int = 512
    d_kv: int = 64
    d_ff: int = 2048
    num_layers: int = 6
    num_decoder_layers: int = 6
    num_heads: int = 8
    relative_attention_num_buckets: int = 32
    relative_attention_max_distance: int = 128
    layer_norm_epsilon: float = 0.1


T5_SMALL = T5Config()
config = replace(
    T5_SMALL,
    vocab_size=96,
    d_model=32,
    d_kv=8,
    d_ff=64,
    num_layers=2,
    num_decoder_layers=2,
    num_heads=4,
)
C = dict(
    vocab=config.vocab_size,
    d_model=config.d_model,
    d_kv=config.d_kv,
    d_ff=config.d_ff,
    n_heads=config.num_heads,
    enc_layers=config.num_layers,
    dec_layers=config.num_decoder_layers,
    buckets=config.relative_attention_num_buckets,
    max_distance=config.relative_attention_max_distance,
    eps=config.layer_norm_epsilon,
)


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
