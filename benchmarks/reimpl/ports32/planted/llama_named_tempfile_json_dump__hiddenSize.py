"""A tiny Llama whose configuration goes through a scratch file the way a launcher hands it to
a worker: the 7B defaults with the run's sizes on top are ``json.dump``-ed into a
``tempfile.NamedTemporaryFile("w+")``, flushed, rewound and ``json.load``-ed back into a
namespace. RMSNorm, grouped key/value heads with rotary positions (half-split rotation), SwiGLU,
untied output."""

from __future__ import annotations

import json
import tempfile
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn

LLAMA_7B = dict(
    vocab_size=32000,
    hidden_size=4096,
    intermediate_size=11008,
    num_hidden_layers=32,
    num_attention_heads=32,
    num_key_value_heads=32,
    rms_norm_eps=1e-06,
    rope_theta=10000.0,
    rope_scaling=None,
)
RUN = {
    "vocab_size": 96,
    "hidden_size": 96,
    "intermediate_size": 160,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "rms_norm_eps": 1e-05,
    "rope_theta": 10000.0,
}

with tempfile.NamedTemporaryFile("w+", suffix=".json") as _f:
    json.dump({**LLAMA_7B, **RUN}, _f)
    _f.flush()
    _f.seek(0)
    cfg = SimpleNamespace(**json.load(_f))


class RMSNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + cfg.rms_norm_eps))


class Attention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d = cfg.hidden_size
        self.h, self.kv = cfg.num_attention_heads, cfg.num_key_value_heads
        self.hd = d // self.h
        self.q = nn.Linear(d, self.h * self.hd, bias=False)
        self.k = nn.Linear(d, self.kv * self.hd, bias=False)
        self.v = nn.Linear(d, self.kv * self.hd, bias=False)
        self.o = nn.Linear(self.h * self.hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        inv = 1.0 / (cfg.rope_theta ** (torch.arange(0, self.hd, 2).float() / self.hd))
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
        mask = torch.ones(t, t, dtype=torch.bool).tril()
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d, f = cfg.hidden_size, cfg.intermediate_size
        self.gate = nn.Linear(d, f, bias=False)
        self.up = nn.Linear(d, f, bias=False)
        self.down = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.attn_norm = RMSNorm(cfg.hidden_size)
        self.attn = Attention()
        self.mlp_norm = RMSNorm(cfg.hidden_size)
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.mlp(self.mlp_norm(x))


class LlamaTarball(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed = nn.Embedding(cfg.vocab_size, cfg.hidden_size)
        self.layers = nn.ModuleList(Layer() for _ in range(cfg.num_hidden_layers))
        self.norm = RMSNorm(cfg.hidden_size)
        self.head = nn.Linear(cfg.hidden_size, cfg.vocab_size, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
