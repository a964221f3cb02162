"""ConvNeXt V2 (atto-like, three stages) backbone for a small-image linear probe.

One row per stage: (channels, blocks). The stem and the final norm have their own constants.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

STAGE_ROWS = [
    (16, 1),
    (32, 3),
    (48, 1),
]
STEM_PATCH = 4
IN_CHANNELS = 3
HEAD_NORM_EPS = 1e-12


def ln_channels(x, norm):
    # LayerNorm over the channel axis of an NCHW map
    return norm(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)


class GlobalResponseNorm(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.gamma = nn.Parameter(torch.zeros(1, 1, 1, c))
        self.beta = nn.Parameter(torch.zeros(1, 1, 1, c))

    def forward(self, x):
        g = x.pow(2).sum(dim=(1, 2), keepdim=True).sqrt()
        n = g / (g.mean(dim=-1, keepdim=True) + 1e-6)
        return x + self.gamma * (x * n) + self.beta


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.dw = nn.Conv2d(c, c, 7, padding=3, groups=c)
        self.norm = nn.LayerNorm(c, eps=1e-6)
        self.expand = nn.Linear(c, 4 * c)
        self.grn = GlobalResponseNorm(4 * c)
        self.project = nn.Linear(4 * c, c)

    def forward(self, x):
        y = self.norm(self.dw(x).permute(0, 2, 3, 1))
        y = self.project(self.grn(F.gelu(self.expand(y))))
        return x + y.permute(0, 3, 1, 2)


class Downsample(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.norm = nn.LayerNorm(c_in, eps=1e-6)
        self.conv = nn.Conv2d(c_in, c_out, 2, stride=2)

    def forward(self, x):
        return self.conv(ln_channels(x, self.norm))


class ConvNeXtV2(nn.Module):
    def __init__(self):
        super().__init__()
        first = STAGE_ROWS[0][0]
        self.stem = nn.Conv2d(IN_CHANNELS, first, STEM_PATCH, stride=STEM_PATCH)
        self.stem_norm = nn.LayerNorm(first, eps=1e-6)
        self.downs = nn.ModuleList()
        self.stages = nn.ModuleList()
        prev = first
        for c, n in STAGE_ROWS:
            # the stem already gives the first stage its width and stride
            self.downs.append(Downsample(prev, c) if len(self.stages) else nn.Identity())
            self.stages.append(nn.Sequential(*[Block(c) for _ in range(n)]))
            prev = c
        self.head_norm = nn.LayerNorm(prev, eps=HEAD_NORM_EPS)

    def forward(self, pixels):
        x = ln_channels(self.stem(pixels), self.stem_norm)
        for down, stage in zip(self.downs, self.stages):
            x = stage(down(x))
        return x, self.head_norm(x.mean(dim=(-2, -1)))
