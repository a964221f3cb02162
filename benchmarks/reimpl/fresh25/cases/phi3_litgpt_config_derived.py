"""A tiny Phi-3 in the lit-gpt style: a ``Config`` dataclass whose defaults are Phi-3-mini's,
with fields derived in ``__post_init__`` (the padded vocabulary, the head size, the number of
query groups), a ``configs`` list of named entries and ``Config.from_name``. Fused ``qkv``,
fused ``gate_up`` (gate half first), grouped key/value heads, rotary positions over the whole
head, RMSNorm, untied output."""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class Config:
    name: str = ""
    block_size: int = 4096
    vocab_size: int = 32064
    padded_vocab_size: int | None = None
    n_layer: int = 32
    n_head: int = 32
    n_embd: int = 3072
    n_query_groups: int | None = None
    head_size: int | None = None
    intermediate_size: int = 8192
    norm_eps: float = 1e-5
    rope_base: float = 10000.0

    def __post_init__(self) -> None:
        if self.padded_vocab_size is None:
            self.padded_vocab_size = self.vocab_size
        if self.head_size is None:
            self.head_size = self.n_embd // self.n_head
        if self.n_query_groups is None:
            self.n_query_groups = self.n_head

    @classmethod
    def from_name(cls, name: str) -> Config:
        return cls(**next(c for c in configs if c["name"] == name))


configs = [
    dict(name="Phi-3-mini-4k-instruct", padded_vocab_size=32064, norm_eps=1e-5),
    dict(name="Phi-3-mini-128k-instruct", block_size=131072, rope_base=10000),
    dict(
        name="phi-3-tiny",
        block_size=128,
        vocab_size=96,
        n_layer=2,
        n_head=4,
        n_embd=64,
        n_query_groups=2,
        intermediate_size=128,
        norm_eps=1e-05,
        rope_base=10000.0,
    ),
]

config = Config.from_name("phi-3-tiny")


class RMSNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + config.norm_eps))


class Attention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d = config.n_embd
        self.h, self.kv = config.n_head, config.n_query_groups
        self.hd = d // self.h
        self.qkv = nn.Linear(d, (self.h + 2 * self.kv) * self.hd, bias=False)
        self.o = nn.Linear(self.h * self.hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        inv = 1.0 / (config.rope_base ** (torch.arange(0, self.hd, 2).float() / self.hd))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        cos, sin = ang.cos(), ang.sin()

        def rot(z):
            half = z.shape[-1] // 2
            return z * cos + torch.cat([-z[..., half:], z[..., :half]], -1) * sin

        q, k, v = self.qkv(x).split([self.h * self.hd, self.kv * self.hd, self.kv * self.hd], -1)
        q = rot(q.view(b, t, self.h, self.hd).transpose(1, 2))
        k = rot(k.view(b, t, self.kv, self.hd).transpose(1, 2))
        v = v.view(b, t, self.kv, self.hd).transpose(1, 2)
        k = k.repeat_interleave(self.h // self.kv, 1)
        v = v.repeat_interleave(self.h // self.kv, 1)
        mask = torch.ones(t, t, dtype=torch.bool).tril()
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d, f = config.n_embd, config.intermediate_size
        self.gate_up = nn.Linear(d, 2 * f, bias=False)
        self.down = nn.Linear(f, d, bias=False)

    def forward(self, x):
        gate, up = self.gate_up(x).chunk(2, -1)
        return self.down(up * F.silu(gate))


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.attn_norm = RMSNorm(config.n_embd)
        self.attn = Attention()
        self.mlp_norm = RMSNorm(config.n_embd)
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.mlp(self.mlp_norm(x))


class Phi3Xz(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed = nn.Embedding(config.padded_vocab_size, config.n_embd)
        self.layers = nn.ModuleList(Layer() for _ in range(config.n_layer))
        self.norm = RMSNorm(config.n_embd)
        self.head = nn.Linear(config.n_embd, config.padded_vocab_size, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
