"""A tiny ConvNeXt in timm's plain style: each variant is a function registered by a
``@register_model`` decorator, holding its ``model_args = dict(depths=..., dims=...)`` and
returning them merged with the caller's keywords (``dict(model_args, **kwargs)``); the model is
built by ``create_model(name, **kwargs)``. The registry also holds ConvNeXt-T and ConvNeXt-S.
Patchify stem with a channels-first LayerNorm, stages of depthwise 7x7 conv + LayerNorm +
inverted MLP + layer scale (initialised at 1.0), LayerNorm-then-2x2-conv downsampling between
stages, mean pooling and a final LayerNorm."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

_MODEL_ENTRYPOINTS: dict = {}


def register_model(fn):
    _MODEL_ENTRYPOINTS[fn.__name__] = fn
    return fn


@register_model
def convnext_tiny(**kwargs) -> dict:
    model_args = dict(depths=(3, 3, 9, 3), dims=(96, 192, 384, 768))
    return dict(model_args, **kwargs)


@register_model
def convnext_small(**kwargs) -> dict:
    model_args = dict(depths=(3, 3, 27, 3), dims=(96, 192, 384, 768))
    return dict(model_args, **kwargs)


@register_model
def convnext_nano_test(**kwargs) -> dict:
    model_args = dict(
        depths=[1, 2],
        dims=[16, 48],
    )
    return dict(model_args, **kwargs)


def create_model(name: str, **kwargs) -> dict:
    return _MODEL_ENTRYPOINTS[name](**kwargs)


SIZES = create_model(
    "convnext_nano_test",
    patch=4,
    in_chans=3,
    head_eps=1e-12,
)
DIMS, DEPTHS, PATCH = SIZES["dims"], SIZES["depths"], SIZES["patch"]
IN_CHANS, HEAD_EPS = SIZES["in_chans"], SIZES["head_eps"]


BLOCK_EPS = 1e-6


class ChannelsFirstNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.bias = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, x.shape[-1:], self.weight, self.bias, BLOCK_EPS)
        return x.permute(0, 3, 1, 2)


class Block(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.dw = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=BLOCK_EPS)
        self.pw1 = nn.Linear(dim, 4 * dim)
        self.pw2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        y = self.dw(x).permute(0, 2, 3, 1)
        y = self.gamma * self.pw2(F.gelu(self.pw1(self.norm(y))))
        return x + y.permute(0, 3, 1, 2)


class ConvNeXtLiteral(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.stem = nn.Conv2d(IN_CHANS, DIMS[0], PATCH, stride=PATCH)
        self.stem_norm = ChannelsFirstNorm(DIMS[0])
        self.down = nn.ModuleList()
        self.stages = nn.ModuleList()
        for i, (dim, depth) in enumerate(zip(DIMS, DEPTHS)):
            if i == 0:
                self.down.append(nn.Identity())
            else:
                self.down.append(
                    nn.Sequential(ChannelsFirstNorm(DIMS[i - 1]), nn.Conv2d(DIMS[i - 1], dim, 2, 2))
                )
            self.stages.append(nn.Sequential(*[Block(dim) for _ in range(depth)]))
        self.head_norm = nn.LayerNorm(DIMS[-1], eps=HEAD_EPS)

    def forward(self, pixels):
        x = self.stem_norm(self.stem(pixels))
        for i, stage in enumerate(self.stages):
            x = stage(self.down[i](x))
        return x, self.head_norm(x.mean((-2, -1)))
