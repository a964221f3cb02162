"""A tiny ConvNeXt whose sizes are spelled in its checkpoint file name
(``convnext_dims=16.32_depths=1.2_...pt``) and taken apart with ``str.rpartition`` (the
extension), ``str.split`` (the fields) and ``str.partition`` (each ``key=value``). Patchify stem with a channels-first LayerNorm, stages of
depthwise 7x7 conv + LayerNorm + inverted MLP + layer scale (initialised at 1.0), LayerNorm-then-2x2-conv
downsampling between stages, mean pooling and a final LayerNorm."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

CKPT = "convnext_dims=16.32_depths=1.2_patch=4_chans=3_headeps=1e-12.pt"
_STEM, _, _EXT = CKPT.rpartition(".")
FIELDS = dict(item.partition("=")[::2] for item in _STEM.split("_")[1:])
DIMS = [int(v) for v in FIELDS["dims"].split(".")]
DEPTHS = [int(v) for v in FIELDS["depths"].split(".")]
PATCH = int(FIELDS["patch"])
IN_CHANS = int(FIELDS["chans"])
HEAD_EPS = float(FIELDS["headeps"])
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


class ConvNeXtNamed(nn.Module):
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
