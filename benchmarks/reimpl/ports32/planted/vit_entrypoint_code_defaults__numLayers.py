"""A tiny ViT whose sizes are the keyword defaults of a timm-style entry point, read off the
function object itself: the argument names from ``__code__.co_varnames[:co_argcount]``, the
defaults from ``__defaults__`` (matched from the right). Built on torch's own
``nn.TransformerEncoder`` (pre-norm layers, exact GELU, fused ``in_proj_weight``). Class token,
learned positions, final LayerNorm, tanh pooler on the class token."""

from __future__ import annotations

import torch
from torch import nn


def vit_tiny(pretrained=False, img=32, patch=8, width=32, heads=4, mlp=64, depth=3, eps=1e-12):
    """The entry point a model registry would call; here only its defaults are used."""
    raise NotImplementedError("weights are not published")


_code = vit_tiny.__code__
_names = _code.co_varnames[: _code.co_argcount]
_defaults = vit_tiny.__defaults__
S = dict(zip(_names[len(_names) - len(_defaults) :], _defaults))
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
