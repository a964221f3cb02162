"""A tiny GPT-NeoX whose integer sizes are the fields of its run's ``uuid.UUID`` (the tracker
names every run by a UUID built from the sizes, ``UUID(fields=...)``, and the model reads them
back from the parsed string: ``time_low`` the vocabulary, ``time_mid`` the width, and so on).
Fused per-head ``[q|k|v]`` rows, partial rotary positions (a fraction of each head), parallel
residual, untied output."""

from __future__ import annotations

import math
import uuid

import torch
import torch.nn.functional as F
from torch import nn

RUN_ID = str(
    uuid.UUID(
        fields=(
            96,  # time_low: the vocabulary
            64,  # time_mid: the width
            256,  # time_hi_version: the feed-forward width
            2,  # clock_seq_hi_variant: the layers
            4,  # clock_seq_low: the heads
            10000,  # node: the rotary base
        )
    )
)
_ID = uuid.UUID(RUN_ID)


class SETTINGS:
    vocab = _ID.time_low
    width = _ID.time_mid
    ffn = _ID.time_hi_version
    depth = _ID.clock_seq_hi_variant
    heads = _ID.clock_seq_low
    rotary_base = float(_ID.node)
    rotary_pct = 0.5
    ln_eps = 1e-05


class NeoXLayer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.hd = SETTINGS.width // SETTINGS.heads
        self.rot = int(self.hd * SETTINGS.rotary_pct)
        self.ln_a = nn.LayerNorm(SETTINGS.width, eps=SETTINGS.ln_eps)
        self.ln_m = nn.LayerNorm(SETTINGS.width, eps=SETTINGS.ln_eps)
        self.qkv = nn.Linear(SETTINGS.width, 3 * SETTINGS.width)
        self.proj = nn.Linear(SETTINGS.width, SETTINGS.width)
        self.fc_in = nn.Linear(SETTINGS.width, SETTINGS.ffn)
        self.fc_out = nn.Linear(SETTINGS.ffn, SETTINGS.width)

    def _rope(self, x):
        r, t = self.rot, x.shape[-2]
        inv = 1.0 / (SETTINGS.rotary_base ** (torch.arange(0, r, 2).float() / r))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        xr = x[..., :r]
        turned = torch.cat([-xr[..., r // 2 :], xr[..., : r // 2]], -1)
        return torch.cat([xr * ang.cos() + turned * ang.sin(), x[..., r:]], -1)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = self.qkv(self.ln_a(x)).view(b, t, SETTINGS.heads, 3 * self.hd).transpose(1, 2)
        q, k, v = qkv.split(self.hd, dim=-1)
        q, k = self._rope(q), self._rope(k)
        att = (q @ k.transpose(-1, -2)) / math.sqrt(self.hd)
        att = att.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        a = (att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1)
        mlp = self.fc_out(F.gelu(self.fc_in(self.ln_m(x))))
        return x + self.proj(a) + mlp


class NeoXThreadLocal(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed_in = nn.Embedding(SETTINGS.vocab, SETTINGS.width)
        self.layers = nn.ModuleList([NeoXLayer() for _ in range(SETTINGS.depth)])
        self.final_ln = nn.LayerNorm(SETTINGS.width, eps=SETTINGS.ln_eps)
        self.embed_out = nn.Linear(SETTINGS.width, SETTINGS.vocab, bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_ln(x))
