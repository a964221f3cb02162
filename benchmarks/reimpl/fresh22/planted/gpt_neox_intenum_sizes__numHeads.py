"""A tiny GPT-NeoX whose integer sizes are the members of an ``enum.IntEnum`` (``Size.WIDTH``)
and whose float settings are ``typing.Final`` module constants. Fused per-head
``[q|k|v]`` rows, partial rotary positions (a fraction of each head), parallel residual,
untied output."""

from __future__ import annotations

import enum
import math
from typing import Final

import torch
import torch.nn.functional as F
from torch import nn


class Size(enum.IntEnum):
    VOCAB = 96
    WIDTH = 64
    DEPTH = 2
    HEADS = 2
    FFN = 256


ROTARY_PCT: Final = 0.25
ROTARY_BASE: Final = 10000.0
LN_EPS: Final = 1e-05


class NeoXLayer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.hd = Size.WIDTH // Size.HEADS
        self.rot = int(self.hd * ROTARY_PCT)
        self.ln_a = nn.LayerNorm(Size.WIDTH, eps=LN_EPS)
        self.ln_m = nn.LayerNorm(Size.WIDTH, eps=LN_EPS)
        self.qkv = nn.Linear(Size.WIDTH, 3 * Size.WIDTH)
        self.proj = nn.Linear(Size.WIDTH, Size.WIDTH)
        self.fc_in = nn.Linear(Size.WIDTH, Size.FFN)
        self.fc_out = nn.Linear(Size.FFN, Size.WIDTH)

    def _rope(self, x):
        r, t = self.rot, x.shape[-2]
        inv = 1.0 / (ROTARY_BASE ** (torch.arange(0, r, 2).float() / r))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        xr = x[..., :r]
        turned = torch.cat([-xr[..., r // 2 :], xr[..., : r // 2]], -1)
        return torch.cat([xr * ang.cos() + turned * ang.sin(), x[..., r:]], -1)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = self.qkv(self.ln_a(x)).view(b, t, int(Size.HEADS), 3 * self.hd).transpose(1, 2)
        q, k, v = qkv.split(self.hd, dim=-1)
        q, k = self._rope(q), self._rope(k)
        att = (q @ k.transpose(-1, -2)) / math.sqrt(self.hd)
        att = att.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        a = (att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1)
        mlp = self.fc_out(F.gelu(self.fc_in(self.ln_m(x))))
        return x + self.proj(a) + mlp


class NeoXEnumModel(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed_in = nn.Embedding(Size.VOCAB, Size.WIDTH)
        self.layers = nn.ModuleList([NeoXLayer() for _ in range(Size.DEPTH)])
        self.final_ln = nn.LayerNorm(Size.WIDTH, eps=LN_EPS)
        self.embed_out = nn.Linear(Size.WIDTH, Size.VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_ln(x))
