"""A tiny Mistral whose sizes are layered dictionaries merged left to right by
``functools.reduce(operator.or_, ...)``: the 7B release's values first, then one override per
line (the last one wins). Sliding-window causal attention on every layer, one key/value head,
rotary positions, SwiGLU, RMSNorm, untied output."""

from __future__ import annotations

import functools
import operator

import torch
import torch.nn.functional as F
from torch import nn

RELEASE_7B = dict(
    vocab_size=32000,
    dim=4096,
    n_layers=32,
    n_heads=32,
    n_kv_heads=8,
    hidden_dim=14336,
    sliding_window=4096,
    norm_eps=1e-05,
    rope_theta=10000.0,
)
P = functools.reduce(
    operator.or_,
    [
        RELEASE_7B,
        {"vocab_size": 96},
        {"dim": 64},
        {"n_layers": 2},
        {"n_heads": 4},
        {"n_kv_heads": 1},
        {"hidden_dim": 160},
        {"sliding_window": 4},
        {"norm_eps": 1e-06},
        {"rope_theta": 1000.0},
    ],
)


class RMSNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + P["norm_eps"]))


class Attention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d = P["dim"]
        self.h, self.kv = P["n_heads"], P["n_kv_heads"]
        self.hd = d // self.h
        self.q = nn.Linear(d, self.h * self.hd, bias=False)
        self.k = nn.Linear(d, self.kv * self.hd, bias=False)
        self.v = nn.Linear(d, self.kv * self.hd, bias=False)
        self.o = nn.Linear(self.h * self.hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        inv = 1.0 / (P["rope_theta"] ** (torch.arange(0, self.hd, 2).float() / self.hd))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        cos, sin = ang.cos(), ang.sin()

        def rot(z):
            half = z.shape[-1] // 2
            return z * cos + torch.cat([-z[..., half:], z[..., :half]], -1) * sin

        q = rot(self.q(x).view(b, t, self.h, self.hd).transpose(1, 2))
        k = rot(self.k(x).view(b, t, self.kv, self.hd).transpose(1, 2))
        v = self.v(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        k = k.repeat_interleave(self.h // self.kv, 1)
        v = v.repeat_interleave(self.h // self.kv, 1)
        i = torch.arange(t)
        dist = i[:, None] - i[None, :]
        mask = (dist >= 0) & (dist < P["sliding_window"])
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d, f = P["dim"], P["hidden_dim"]
        self.gate = nn.Linear(d, f, bias=False)
        self.up = nn.Linear(d, f, bias=False)
        self.down = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.attn_norm = RMSNorm(P["dim"])
        self.attn = Attention()
        self.mlp_norm = RMSNorm(P["dim"])
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.mlp(self.mlp_norm(x))


class MistralLayered(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed = nn.Embedding(P["vocab_size"], P["dim"])
        self.layers = nn.ModuleList(Layer() for _ in range(P["n_layers"]))
        self.norm = RMSNorm(P["dim"])
        self.head = nn.Linear(P["dim"], P["vocab_size"], bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
