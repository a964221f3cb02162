"""A tiny GPT-NeoX built layer by layer: the model registers each block with ``add_module`` in
a loop (``self.add_module(f"block_{i}", ...)``) and walks them by name; the sizes are the
fields of one ``types.SimpleNamespace``. Fused per-head q/k/v, partial rotary positions,
parallel residual, untied output embedding."""

from __future__ import annotations

import math
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn

HP = SimpleNamespace(
    vocab=96,
    width=64,
    depth=2,
    heads=4,
    ffn=128,
    rotary_fraction=0.5,
    rotary_base=10000,
    eps=1e-05,
)


class NeoXBlock(nn.Module):
    def __init__(self, hp: SimpleNamespace) -> None:
        super().__init__()
        self.hp = hp
        self.head_dim = hp.width // hp.heads
        self.rot = int(self.head_dim * hp.rotary_fraction)
        self.ln_attn = nn.LayerNorm(hp.width, eps=hp.eps)
        self.ln_mlp = nn.LayerNorm(hp.width, eps=hp.eps)
        self.qkv = nn.Linear(hp.width, 3 * hp.width)
        self.out = nn.Linear(hp.width, hp.width)
        self.up = nn.Linear(hp.width, hp.ffn)
        self.down = nn.Linear(hp.ffn, hp.width)

    def rotary(self, x, t):
        r = self.rot
        inv = 1.0 / (self.hp.rotary_base ** (torch.arange(0, r, 2).float() / r))
        ang = torch.outer(torch.arange(t).float(), inv)
        cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()
        xr, xp = x[..., :r], x[..., r:]
        half = r // 2
        turned = torch.cat([-xr[..., half:], xr[..., :half]], -1)
        return torch.cat([xr * cos + turned * sin, xp], -1)

    def attend(self, x):
        b, t, _ = x.shape
        qkv = self.qkv(x).view(b, t, self.hp.heads, 3 * self.head_dim).transpose(1, 2)
        q, k, v = qkv.chunk(3, dim=-1)
        q, k = self.rotary(q, t), self.rotary(k, t)
        s = q @ k.transpose(-1, -2) / math.sqrt(self.head_dim)
        causal = torch.ones(t, t, dtype=torch.bool).tril()
        p = s.masked_fill(~causal, float("-inf")).softmax(-1)
        return self.out((p @ v).transpose(1, 2).reshape(b, t, -1))

    def forward(self, x):
        mlp = self.down(F.gelu(self.up(self.ln_mlp(x))))
        return x + self.attend(self.ln_attn(x)) + mlp


class NeoX(nn.Module):
    def __init__(self, hp: SimpleNamespace = HP) -> None:
        super().__init__()
        self.wte = nn.Embedding(hp.vocab, hp.width)
        self.depth = hp.depth
        for i in range(hp.depth):
            self.add_module(f"block_{i}", NeoXBlock(hp))
        self.ln_final = nn.LayerNorm(hp.width, eps=hp.eps)
        self.unembed = nn.Linear(hp.width, hp.vocab, bias=False)

    def forward(self, ids):
        x = self.wte(ids)
        for i in range(self.depth):
            x = getattr(self, f"block_{i}")(x)
        return self.unembed(self.ln_final(x))
