"""Mistral (sliding-window GQA); the head size and the KV-head count are properties of the
settings class, derived from a group size."""

from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class Settings:
    vocab: int = 384
    dim: int = 96
    layers: int = 2
    heads: int = 6
    group: int = 3  # query heads per KV head
    mlp: int = 256
    window: int = 32

    @property
    def head_dim(self) -> int:
        return self.dim // self.heads

    @property
    def kv_heads(self) -> int:
        return self.heads // self.group


S = Settings()


class Block(nn.Module):
    def __init__(self, s: Settings):
        super().__init__()
        hd = s.head_dim
        self.s = s
        self.in_norm, self.mid_norm = nn.RMSNorm(s.dim, eps=1e-5), nn.RMSNorm(s.dim, eps=1e-5)
        self.q = nn.Linear(s.dim, s.heads * hd, bias=False)
        self.k = nn.Linear(s.dim, s.kv_heads * hd, bias=False)
        self.v = nn.Linear(s.dim, s.kv_heads * hd, bias=False)
        self.o = nn.Linear(s.heads * hd, s.dim, bias=False)
        self.gate_up = nn.Linear(s.dim, 2 * s.mlp, bias=False)
        self.down = nn.Linear(s.mlp, s.dim, bias=False)

    def forward(self, x):
        s, (b, t, _) = self.s, x.shape
        h = self.in_norm(x)
        q = self.q(h).view(b, t, s.heads, -1).transpose(1, 2)
        k = self.k(h).view(b, t, s.kv_heads, -1).transpose(1, 2).repeat_interleave(s.group, 1)
        v = self.v(h).view(b, t, s.kv_heads, -1).transpose(1, 2).repeat_interleave(s.group, 1)
        i = torch.arange(t)
        allowed = (i[:, None] >= i[None]) & (i[:, None] - i[None] < s.window)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=allowed)
        x = x + self.o(o.transpose(1, 2).reshape(b, t, -1))
        g, u = self.gate_up(self.mid_norm(x)).chunk(2, -1)
        return x + self.down(F.silu(g) * u)


class Mistral(nn.Module):
    def __init__(self, s: Settings = S):
        super().__init__()
        self.embed = nn.Embedding(s.vocab, s.dim)
        self.blocks = nn.Sequential(*(Block(s) for _ in range(s.layers)))
        self.norm = nn.RMSNorm(s.dim, eps=1e-5)
        self.lm_head = nn.Linear(s.dim, s.vocab, bias=False)

    def forward(self, ids):
        return self.lm_head(self.norm(self.blocks(self.embed(ids))))
