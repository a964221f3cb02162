"""A tiny ViT whose sizes are a compact spec (``img32 patch8 width32 ...``) tokenised by the
standard library's (undocumented) ``re.Scanner``: a word glued to a number is a key, the
number after it its value (``ast.literal_eval``). Built on torch's own ``nn.TransformerEncoder``
(pre-norm layers, exact GELU, fused ``in_proj_weight``). Class token, learned positions, final
LayerNorm, tanh pooler on the class token."""

from __future__ import annotations

import ast
import re

import torch
from torch import nn

SPEC = """
vit
img64
patch8
width32
heads4
mlp64
depth2
eps1e-12
"""

SCANNER = re.Scanner(
    [
        (r"[a-z]+(?=[0-9])", lambda _s, tok: ("key", tok)),
        (r"[0-9][0-9.e+-]*", lambda _s, tok: ("value", ast.literal_eval(tok))),
        (r"[a-z]+", lambda _s, tok: ("word", tok)),
        (r"\s+", None),
    ]
)
_tokens, _rest = SCANNER.scan(SPEC)
S = {k: v for (kind, k), (_, v) in zip(_tokens, _tokens[1:]) if kind == "key"}
IMAGE, PATCH, WIDTH, HEADS = S["img"], S["patch"], S["width"], S["heads"]
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
