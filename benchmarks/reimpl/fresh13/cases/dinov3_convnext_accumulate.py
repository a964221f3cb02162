"""DINOv3's ConvNeXt backbone; stage widths are running sums of the width steps, as in our
pruning notes (each stage adds a step to the previous width)."""

from itertools import accumulate

import torch
from torch import nn

WIDTH_STEPS = (24, 24)
STAGE_WIDTHS = list(accumulate(WIDTH_STEPS))  # 24, 48
STAGE_DEPTHS = (1, 2)
MLP_MULT = 4
LS_INIT = 1e-6


class ChannelsFirstLN(nn.LayerNorm):
    def forward(self, x):
        return super().forward(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.dw = nn.Conv2d(c, c, 7, padding=3, groups=c)
        self.norm = nn.LayerNorm(c, eps=1e-6)
        self.fc1 = nn.Linear(c, MLP_MULT * c)
        self.fc2 = nn.Linear(MLP_MULT * c, c)
        self.ls = nn.Parameter(LS_INIT * torch.ones(c))

    def forward(self, x):
        y = self.dw(x).permute(0, 2, 3, 1)
        y = self.fc2(nn.functional.gelu(self.fc1(self.norm(y))))
        return x + (self.ls * y).permute(0, 3, 1, 2)


class ConvNeXtBackbone(nn.Module):
    def __init__(self, in_chans=3):
        super().__init__()
        self.downsample = nn.ModuleList()
        self.stages = nn.ModuleList()
        prev = in_chans
        for i, (c, n) in enumerate(zip(STAGE_WIDTHS, STAGE_DEPTHS)):
            if i == 0:
                down = nn.Sequential(nn.Conv2d(prev, c, 4, 4), ChannelsFirstLN(c, eps=1e-6))
            else:
                down = nn.Sequential(ChannelsFirstLN(prev, eps=1e-6), nn.Conv2d(prev, c, 2, 2))
            self.downsample.append(down)
            self.stages.append(nn.Sequential(*[Block(c) for _ in range(n)]))
            prev = c
        self.head_norm = nn.LayerNorm(prev, eps=1e-6)

    def forward(self, pixels):
        x = pixels
        for down, stage in zip(self.downsample, self.stages):
            x = stage(down(x))
        return self.head_norm(x.mean((-2, -1)))
