"""ConvNeXt V2: stages assembled as ``nn.Sequential(OrderedDict(...))`` with named children,
Global Response Normalization (GRN: gamma and beta shaped [1, 1, 1, C]) instead of layer
scale, channels-last blocks (depthwise 7x7 conv, LayerNorm, Linear 4x, GELU, GRN, Linear),
downsampling by LayerNorm + 2x2 stride-2 conv between stages, and a final pooled LayerNorm.
The stage plan is a list of (width, depth) pairs."""

from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F

STAGES = [(16, 1), (32, 2), (48, 1)]
PATCH = 4
IN_CHANS = 3
LN_EPS = 1e-5


class LayerNorm2d(nn.LayerNorm):
    """LayerNorm over the channels of an NCHW map."""

    def forward(self, x):
        return F.layer_norm(
            x.permute(0, 2, 3, 1), self.normalized_shape, self.weight, self.bias, self.eps
        ).permute(0, 3, 1, 2)


class GRN(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gamma = nn.Parameter(torch.zeros(1, 1, 1, dim))
        self.beta = nn.Parameter(torch.zeros(1, 1, 1, dim))

    def forward(self, x):
        gx = torch.norm(x, p=2, dim=(1, 2), keepdim=True)
        nx = gx / (gx.mean(dim=-1, keepdim=True) + 1e-6)
        return self.gamma * (x * nx) + self.beta + x


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, kernel_size=7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=LN_EPS)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.grn = GRN(4 * dim)
        self.pwconv2 = nn.Linear(4 * dim, dim)

    def forward(self, x):
        y = self.dwconv(x).permute(0, 2, 3, 1)
        y = self.pwconv2(self.grn(F.gelu(self.pwconv1(self.norm(y)))))
        return x + y.permute(0, 3, 1, 2)


def make_stage(i, prev, width, depth):
    parts = []
    if i > 0:
        parts.append(("down_norm", LayerNorm2d(prev, eps=LN_EPS)))
        parts.append(("down_conv", nn.Conv2d(prev, width, kernel_size=2, stride=2)))
    parts += [(f"block{j}", Block(width)) for j in range(depth)]
    return nn.Sequential(OrderedDict(parts))


class ConvNeXtV2(nn.Module):
    def __init__(self):
        super().__init__()
        first = STAGES[0][0]
        self.stem = nn.Sequential(
            OrderedDict(
                conv=nn.Conv2d(IN_CHANS, first, kernel_size=PATCH, stride=PATCH),
                norm=LayerNorm2d(first, eps=LN_EPS),
            )
        )
        widths = [w for w, _ in STAGES]
        self.stages = nn.Sequential(
            OrderedDict(
                (f"stage{i}", make_stage(i, widths[i - 1] if i else first, w, d))
                for i, (w, d) in enumerate(STAGES)
            )
        )
        self.head_norm = nn.LayerNorm(widths[-1], eps=LN_EPS)

    def forward(self, pixels):
        x = self.stages(self.stem(pixels))
        return self.head_norm(x.mean(dim=(-2, -1)))
