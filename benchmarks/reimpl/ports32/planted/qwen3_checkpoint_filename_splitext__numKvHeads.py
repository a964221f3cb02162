"""A tiny Qwen3 whose sizes are encoded in its checkpoint's file name, the way sweep scripts
name their outputs: ``os.path.splitext(os.path.basename(path))`` gives the stem, whose
``_``-separated tokens are a short key glued to its value (``v96``, ``kv2``, ``eps1e-06``); the
letters before the first non-letter are the key. Per-head RMSNorm on queries and keys before
the rotary positions, a head size set apart from the width, grouped key/value heads, SwiGLU,
untied output."""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class ModelConfig:
    vocab_size: int = 151936
    dim: int = 1024
    n_layers: int = 28
    n_heads: int = 16
    n_kv_heads: int = 8
    head_dim: int = 128
    hidden_dim: int = 3072
    norm_eps: float = 1e-6
    rope_theta: float = 1000000.0


SHORT = {
    "v": "vocab_size",
    "d": "dim",
    "l": "n_layers",
    "h": "n_heads",
    "kv": "n_kv_heads",
    "hd": "head_dim",
    "ff": "hidden_dim",
    "eps": "norm_eps",
    "theta": "rope_theta",
}
CKPT = "/ckpt/sweep-7/qwen3_v96_d64_l2_h4_kv1_hd16_ff128_eps1e-06_theta10000.0.safetensors"


def _split(token: str) -> tuple[str, str]:
    i = next(i for i, ch in enumerate(token) if not ch.isalpha())
    return token[:i], token[i:]


_stem, _ext = os.path.splitext(os.path.basename(CKPT))
_arch, *_tokens = _stem.split("_")
ARGS = ModelConfig(**{SHORT[k]: ast.literal_eval(v) for k, v in map(_split, _tokens)})


class RMSNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + ARGS.norm_eps))


class Attention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d = ARGS.dim
        self.h, self.kv = ARGS.n_heads, ARGS.n_kv_heads
        self.hd = ARGS.head_dim
        self.q = nn.Linear(d, self.h * self.hd, bias=False)
        self.k = nn.Linear(d, self.kv * self.hd, bias=False)
        self.v = nn.Linear(d, self.kv * self.hd, bias=False)
        self.o = nn.Linear(self.h * self.hd, d, bias=False)
        self.q_norm = RMSNorm(self.hd)
        self.k_norm = RMSNorm(self.hd)

    def forward(self, x):
        b, t, _ = x.shape
        inv = 1.0 / (ARGS.rope_theta ** (torch.arange(0, self.hd, 2).float() / self.hd))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        cos, sin = ang.cos(), ang.sin()

        def rot(z):
            half = z.shape[-1] // 2
            return z * cos + torch.cat([-z[..., half:], z[..., :half]], -1) * sin

        q = rot(self.q_norm(self.q(x).view(b, t, self.h, self.hd)).transpose(1, 2))
        k = rot(self.k_norm(self.k(x).view(b, t, self.kv, self.hd)).transpose(1, 2))
        v = self.v(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        k = k.repeat_interleave(self.h // self.kv, 1)
        v = v.repeat_interleave(self.h // self.kv, 1)
        mask = torch.ones(t, t, dtype=torch.bool).tril()
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d, f = ARGS.dim, ARGS.hidden_dim
        self.gate = nn.Linear(d, f, bias=False)
        self.up = nn.Linear(d, f, bias=False)
        self.down = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.attn_norm = RMSNorm(ARGS.dim)
        self.attn = Attention()
        self.mlp_norm = RMSNorm(ARGS.dim)
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.mlp(self.mlp_norm(x))


class Qwen3Preset(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed = nn.Embedding(ARGS.vocab_size, ARGS.dim)
        self.layers = nn.ModuleList(Layer() for _ in range(ARGS.n_layers))
        self.norm = RMSNorm(ARGS.dim)
        self.head = nn.Linear(ARGS.dim, ARGS.vocab_size, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
