"""Granite-4-Vision's text decoder with its muP-style multipliers kept as exact fractions (our
sweep sheet writes them that way) and the sizes in a NamedTuple adjusted by ``_replace``."""

from fractions import Fraction
from typing import NamedTuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class Shape(NamedTuple):
    vocab: int = 32000
    width: int = 4096
    depth: int = 32
    heads: int = 32
    kv_heads: int = 8
    ffn: int = 11008


SHAPE = Shape()._replace(vocab=256, width=64, depth=3, heads=4)
SHAPE = SHAPE._replace(kv_heads=2, ffn=128)
EMBED_MULT = Fraction(12)
RESIDUAL_MULT = Fraction(1, 4)
ATTN_MULT = Fraction(1, 16)
EPS = 1e-6


def rope_tables(t, d, theta=10000.0):
    inv = 1.0 / theta ** (torch.arange(0, d, 2, dtype=torch.int64).float() / d)
    ang = torch.outer(torch.arange(t).float(), inv)
    ang = torch.cat([ang, ang], -1)
    return ang.cos(), ang.sin()


def rotate(x, cos, sin):
    x1, x2 = x.chunk(2, -1)
    return x * cos + torch.cat([-x2, x1], -1) * sin


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


class Attention(nn.Module):
    def __init__(self, s: Shape):
        super().__init__()
        self.s, self.hd = s, s.width // s.heads
        self.q_proj = nn.Linear(s.width, s.heads * self.hd, bias=False)
        self.k_proj = nn.Linear(s.width, s.kv_heads * self.hd, bias=False)
        self.v_proj = nn.Linear(s.width, s.kv_heads * self.hd, bias=False)
        self.o_proj = nn.Linear(s.heads * self.hd, s.width, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, self.s.heads, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, self.s.kv_heads, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.s.kv_heads, self.hd).transpose(1, 2)
        cos, sin = rope_tables(t, self.hd)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        y = F.scaled_dot_product_attention(
            q, k, v, is_causal=True, scale=float(ATTN_MULT), enable_gqa=True
        )
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, s: Shape):
        super().__init__()
        self.input_layernorm = RMSNorm(s.width)
        self.self_attn = Attention(s)
        self.post_attention_layernorm = RMSNorm(s.width)
        self.gate_proj = nn.Linear(s.width, s.ffn, bias=False)
        self.up_proj = nn.Linear(s.width, s.ffn, bias=False)
        self.down_proj = nn.Linear(s.ffn, s.width, bias=False)

    def forward(self, x):
        x = x + float(RESIDUAL_MULT) * self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        mlp = self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))
        return x + float(RESIDUAL_MULT) * mlp


class GraniteText(nn.Module):
    def __init__(self, s: Shape = SHAPE):
        super().__init__()
        self.embed_tokens = nn.Embedding(s.vocab, s.width)
        self.layers = nn.ModuleList(Layer(s) for _ in range(s.depth))
        self.norm = RMSNorm(s.width)

    def forward(self, ids):
        x = self.embed_tokens(ids) * float(EMBED_MULT)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
