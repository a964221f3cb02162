"""A tiny ConvNeXt scaled down from ConvNeXt-T the way EfficientNet / MobileNet ports scale a
family: the first ``NUM_STAGES`` stages of the base depths and widths, each width times a width
multiplier rounded by timm's ``make_divisible`` (to a multiple of 8), each depth times a depth
multiplier rounded up (``math.ceil``). Patchify stem with a channels-first LayerNorm, stages of
depthwise 7x7 conv + LayerNorm + inverted MLP + layer scale (initialised at 1.0),
LayerNorm-then-2x2-conv downsampling between stages, mean pooling and a final LayerNorm."""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import nn


def make_divisible(v, divisor=8, min_value=None, round_limit=0.9):
    min_value = min_value or divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < round_limit * v:
        new_v += divisor
    return new_v


BASE_DEPTHS = (3, 3, 9, 3)  # ConvNeXt-T
BASE_DIMS = (96, 192, 384, 768)
NUM_STAGES = 2
WIDTH_MULT = 1 / 6
DEPTH_MULT = 0.5
DIMS = [make_divisible(d * WIDTH_MULT) for d in BASE_DIMS[:NUM_STAGES]]
DEPTHS = [math.ceil(d * DEPTH_MULT) for d in BASE_DEPTHS[:NUM_STAGES]]
PATCH = 4
IN_CHANS = 3
HEAD_EPS = 0.1


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
