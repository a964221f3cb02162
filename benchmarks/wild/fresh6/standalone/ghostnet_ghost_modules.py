"""GhostNet: ghost modules (primary conv + cheap depthwise ops), SE, from the paper's cfg rows."""

import math

import torch
import torch.nn as nn


def _make_divisible(v, divisor=4, min_value=None):
    min_value = min_value or divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    return new_v + divisor if new_v < 0.9 * v else new_v


class GhostModule(nn.Module):
    def __init__(self, inp, oup, kernel_size=1, ratio=2, dw_size=3, stride=1, relu=True):
        super().__init__()
        self.oup = oup
        init_channels = math.ceil(oup / ratio)
        new_channels = init_channels * (ratio - 1)
        act = nn.ReLU(inplace=True) if relu else nn.Identity()
        self.primary_conv = nn.Sequential(
            nn.Conv2d(inp, init_channels, kernel_size, stride, kernel_size // 2, bias=False),
            nn.BatchNorm2d(init_channels),
            act,
        )
        self.cheap_operation = nn.Sequential(
            nn.Conv2d(
                init_channels,
                new_channels,
                dw_size,
                1,
                dw_size // 2,
                groups=init_channels,
                bias=False,
            ),
            nn.BatchNorm2d(new_channels),
            act,
        )

    def forward(self, x):
        x1 = self.primary_conv(x)
        return torch.cat([x1, self.cheap_operation(x1)], dim=1)[:, : self.oup]


class SqueezeExcite(nn.Module):
    def __init__(self, ch, ratio=0.25):
        super().__init__()
        red = _make_divisible(ch * ratio)
        self.conv_reduce = nn.Conv2d(ch, red, 1)
        self.conv_expand = nn.Conv2d(red, ch, 1)

    def forward(self, x):
        s = x.mean((2, 3), keepdim=True)
        return x * torch.sigmoid(self.conv_expand(torch.relu(self.conv_reduce(s))))


class GhostBottleneck(nn.Module):
    def __init__(self, in_chs, mid_chs, out_chs, dw_kernel_size=3, stride=1, se_ratio=0.0):
        super().__init__()
        self.ghost1 = GhostModule(in_chs, mid_chs, relu=True)
        self.conv_dw = None
        if stride > 1:
            self.conv_dw = nn.Sequential(
                nn.Conv2d(
                    mid_chs,
                    mid_chs,
                    dw_kernel_size,
                    stride,
                    dw_kernel_size // 2,
                    groups=mid_chs,
                    bias=False,
                ),
                nn.BatchNorm2d(mid_chs),
            )
        self.se = SqueezeExcite(mid_chs, se_ratio) if se_ratio > 0 else None
        self.ghost2 = GhostModule(mid_chs, out_chs, relu=False)
        if in_chs == out_chs and stride == 1:
            self.shortcut = nn.Sequential()
        else:
            self.shortcut = nn.Sequential(
                nn.Conv2d(
                    in_chs,
                    in_chs,
                    dw_kernel_size,
                    stride,
                    dw_kernel_size // 2,
                    groups=in_chs,
                    bias=False,
                ),
                nn.BatchNorm2d(in_chs),
                nn.Conv2d(in_chs, out_chs, 1, bias=False),
                nn.BatchNorm2d(out_chs),
            )

    def forward(self, x):
        y = self.ghost1(x)
        if self.conv_dw is not None:
            y = self.conv_dw(y)
        if self.se is not None:
            y = self.se(y)
        return self.ghost2(y) + self.shortcut(x)


# k, exp size, c, SE ratio, stride
CFGS = [
    [[3, 16, 16, 0, 1]],
    [[3, 48, 24, 0, 2]],
    [[3, 72, 24, 0, 1]],
    [[5, 72, 40, 0.25, 2]],
    [[3, 240, 80, 0, 2]],
    [[3, 480, 112, 0.25, 1]],
]


class GhostNet(nn.Module):
    def __init__(self, cfgs, num_classes=10, width=0.5):
        super().__init__()
        out = _make_divisible(16 * width)
        self.conv_stem = nn.Conv2d(3, out, 3, 2, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(out)
        stages, inp = [], out
        for cfg in cfgs:
            layers = []
            for k, exp, c, se, s in cfg:
                oc = _make_divisible(c * width)
                layers.append(
                    GhostBottleneck(inp, _make_divisible(exp * width), oc, k, s, se_ratio=se)
                )
                inp = oc
            stages.append(nn.Sequential(*layers))
        self.blocks = nn.Sequential(*stages)
        self.conv_head = nn.Conv2d(inp, 256, 1)
        self.classifier = nn.Linear(256, num_classes)

    def forward(self, x):
        x = self.blocks(torch.relu(self.bn1(self.conv_stem(x))))
        x = torch.relu(self.conv_head(x.mean((2, 3), keepdim=True)))
        return self.classifier(x.flatten(1))


model = GhostNet(CFGS, num_classes=10, width=0.5)
