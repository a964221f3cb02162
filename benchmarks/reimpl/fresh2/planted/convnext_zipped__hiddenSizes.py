"""ConvNeXt kept channels-first throughout: the depthwise 7x7 as a grouped Conv2d
(groups=channels), the pointwise MLP as 1x1 convolutions, a hand-written channels-first
LayerNorm, layer scale as a per-channel gamma; stage widths and depths as two zipped tuples."""

import torch
import torch.nn as nn
import torch.nn.functional as F

WIDTHS, DEPTHS = (16, 48, 64), (1, 1, 2)
IN_CHANS, STEM_PATCH = 3, 4
EPS, LAYER_SCALE = 1e-6, 1e-6


class ChannelsFirstLayerNorm(nn.Module):
    def __init__(self, c, eps=EPS):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(c))
        self.bias = nn.Parameter(torch.zeros(c))
        self.eps = eps

    def forward(self, x):
        u = x.mean(1, keepdim=True)
        s = (x - u).pow(2).mean(1, keepdim=True)
        x = (x - u) / torch.sqrt(s + self.eps)
        return self.weight[:, None, None] * x + self.bias[:, None, None]


class InvertedBottleneck(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.dw = nn.Conv2d(c, c, kernel_size=7, padding=3, groups=c)
        self.norm = ChannelsFirstLayerNorm(c)
        self.pw1 = nn.Conv2d(c, 4 * c, kernel_size=1)
        self.pw2 = nn.Conv2d(4 * c, c, kernel_size=1)
        self.gamma = nn.Parameter(LAYER_SCALE * torch.ones(c))

    def forward(self, x):
        y = self.pw2(F.gelu(self.pw1(self.norm(self.dw(x)))))
        return x + self.gamma[:, None, None] * y


class ConvNeXtTrunk(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(IN_CHANS, WIDTHS[0], kernel_size=STEM_PATCH, stride=STEM_PATCH),
            ChannelsFirstLayerNorm(WIDTHS[0]),
        )
        self.stages = nn.ModuleList()
        prev = WIDTHS[0]
        for i, (width, depth) in enumerate(zip(WIDTHS, DEPTHS)):
            down = (
                nn.Sequential(ChannelsFirstLayerNorm(prev), nn.Conv2d(prev, width, 2, stride=2))
                if i > 0
                else nn.Identity()
            )
            self.stages.append(nn.Sequential(down, *[InvertedBottleneck(width) for _ in range(depth)]))
            prev = width
        self.head_norm = nn.LayerNorm(WIDTHS[-1], eps=EPS)

    def forward(self, x):
        x = self.stem(x)
        for stage in self.stages:
            x = stage(x)
        return self.head_norm(x.mean((-2, -1)))
