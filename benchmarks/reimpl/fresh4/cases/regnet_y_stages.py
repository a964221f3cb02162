"""RegNetY: stages described by parallel lists (widths, depths) and one group width, each
block a 1x1 -> grouped 3x3 -> squeeze-excite -> 1x1 bottleneck without expansion, the SE
width a quarter of the block's input channels, BatchNorm everywhere, a projection shortcut
when shape changes. Built with ``nn.Sequential(OrderedDict(...))`` names."""

from collections import OrderedDict

import torch.nn as nn

STEM_WIDTH = 16
WIDTHS = [16, 32, 64]
DEPTHS = [1, 2, 2]
GROUP_WIDTH = 8
BN_EPS = 1e-5


def conv_bn(cin, cout, k=1, stride=1, groups=1, act=True):
    layers = OrderedDict(
        conv=nn.Conv2d(cin, cout, k, stride=stride, padding=k // 2, groups=groups, bias=False),
        bn=nn.BatchNorm2d(cout, eps=BN_EPS),
    )
    if act:
        layers["act"] = nn.ReLU()
    return nn.Sequential(layers)


class SqueezeExcite(nn.Module):
    def __init__(self, channels, reduced):
        super().__init__()
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.reduce = nn.Conv2d(channels, reduced, 1)
        self.expand = nn.Conv2d(reduced, channels, 1)

    def forward(self, x):
        s = self.expand(self.reduce(self.pool(x)).relu()).sigmoid()
        return x * s


class YBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.shortcut = (
            conv_bn(cin, cout, 1, stride, act=False)
            if cin != cout or stride != 1
            else nn.Identity()
        )
        self.a = conv_bn(cin, cout, 1)
        self.b = conv_bn(cout, cout, 3, stride, groups=cout // GROUP_WIDTH)
        self.se = SqueezeExcite(cout, int(round(cin / 4)))
        self.c = conv_bn(cout, cout, 1, act=False)

    def forward(self, x):
        return (self.c(self.se(self.b(self.a(x)))) + self.shortcut(x)).relu()


class RegNetY(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = conv_bn(3, STEM_WIDTH, 3, stride=2)
        stages, cin = [], STEM_WIDTH
        for width, depth in zip(WIDTHS, DEPTHS):
            blocks = [
                YBlock(cin if i == 0 else width, width, 2 if i == 0 else 1) for i in range(depth)
            ]
            stages.append(nn.Sequential(*blocks))
            cin = width
        self.stages = nn.Sequential(*stages)
        self.pool = nn.AdaptiveAvgPool2d(1)

    def forward(self, pixels):
        return self.pool(self.stages(self.stem(pixels)))
