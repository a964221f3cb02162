"""A tiny ViT whose sizes are a JSON object kept ``rot13``-encoded (the keys are scrambled,
the digits are not: ``"vzntr"`` is ``"image"``, ``1r-12`` is ``1e-12``) and decoded with ``codecs.decode(..., "rot13")``
before ``json.loads``. Built on torch's own ``nn.TransformerEncoder`` (pre-norm layers, exact
GELU, fused ``in_proj_weight``). Class token, learned positions, final LayerNorm, tanh pooler on
the class token."""

from __future__ import annotations

import codecs
import json

import torch
from torch import nn

ENCODED = """{
    "vzntr": 32,
    "cngpu": 8,
    "jvqgu": 32,
    "urnqf": 4,
    "zyc": 128,
    "qrcgu": 2,
    "rcf": 1r-12
}"""
S = json.loads(codecs.decode(ENCODED, "rot13"))
IMAGE, PATCH, WIDTH, HEADS = S["image"], S["patch"], S["width"], S["heads"]
MLP, DEPTH, EPS = S["mlp"], S["depth"], S["eps"]


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
