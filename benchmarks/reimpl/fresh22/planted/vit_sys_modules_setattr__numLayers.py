"""A tiny ViT whose sizes become module globals at import: a table of ``(NAME, value)`` pairs
is written onto the module object itself with ``setattr(sys.modules[__name__], name, value)``
(no assignment statement names them), built on torch's own ``nn.TransformerEncoder`` (pre-norm layers, exact GELU, fused
``in_proj_weight``). Class token, learned positions, final LayerNorm, tanh pooler on the
class token."""

# ruff: noqa: F821 (IMAGE, PATCH, ... are module globals written by the setattr loop)

from __future__ import annotations

import sys

import torch
from torch import nn

SIZES = (
    ("IMAGE", 32),
    ("PATCH", 8),
    ("WIDTH", 32),
    ("HEADS", 4),
    ("MLP", 64),
    ("DEPTH", 3),
    ("EPS", 1e-12),
)
for _name, _value in SIZES:
    setattr(sys.modules[__name__], _name, _value)


class PatchStem(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Conv2d(3, WIDTH, PATCH, stride=PATCH)
        self.cls = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.pos = nn.Parameter(torch.zeros(1, (IMAGE // PATCH) ** 2 + 1, WIDTH))

    def forward(self, pixels):
        x = self.proj(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], 1)
        return x + self.pos


class ViTModuleGlobals(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.stem = PatchStem()
        layer = nn.TransformerEncoderLayer(
            WIDTH,
            HEADS,
            MLP,
            dropout=0.0,
            activation="gelu",
            layer_norm_eps=EPS,
            batch_first=True,
            norm_first=True,
        )
        self.encoder = nn.TransformerEncoder(layer, DEPTH, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(WIDTH, eps=EPS)
        self.pool = nn.Linear(WIDTH, WIDTH)

    def forward(self, pixels):
        x = self.norm(self.encoder(self.stem(pixels)))
        return x, torch.tanh(self.pool(x[:, 0]))
