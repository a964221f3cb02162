"""YOLOv5-style backbone+head built from a layer table with depth/width multipliers."""

import math

import torch
import torch.nn as nn


def make_divisible(x, divisor=8):
    return math.ceil(x / divisor) * divisor


def autopad(k, p=None):
    return k // 2 if p is None else p


class Conv(nn.Module):
    def __init__(self, c1, c2, k=1, s=1, p=None, g=1, act=True):
        super().__init__()
        self.conv = nn.Conv2d(c1, c2, k, s, autopad(k, p), groups=g, bias=False)
        self.bn = nn.BatchNorm2d(c2)
        self.act = nn.SiLU() if act is True else nn.Identity()

    def forward(self, x):
        return self.act(self.bn(self.conv(x)))


class Bottleneck(nn.Module):
    def __init__(self, c1, c2, shortcut=True, g=1, e=0.5):
        super().__init__()
        c_ = int(c2 * e)
        self.cv1 = Conv(c1, c_, 1, 1)
        self.cv2 = Conv(c_, c2, 3, 1, g=g)
        self.add = shortcut and c1 == c2

    def forward(self, x):
        return x + self.cv2(self.cv1(x)) if self.add else self.cv2(self.cv1(x))


class C3(nn.Module):
    def __init__(self, c1, c2, n=1, shortcut=True, g=1, e=0.5):
        super().__init__()
        c_ = int(c2 * e)
        self.cv1 = Conv(c1, c_, 1, 1)
        self.cv2 = Conv(c1, c_, 1, 1)
        self.cv3 = Conv(2 * c_, c2, 1)
        self.m = nn.Sequential(*(Bottleneck(c_, c_, shortcut, g, e=1.0) for _ in range(n)))

    def forward(self, x):
        return self.cv3(torch.cat((self.m(self.cv1(x)), self.cv2(x)), 1))


class SPPF(nn.Module):
    def __init__(self, c1, c2, k=5):
        super().__init__()
        c_ = c1 // 2
        self.cv1 = Conv(c1, c_, 1, 1)
        self.cv2 = Conv(c_ * 4, c2, 1, 1)
        self.m = nn.MaxPool2d(k, 1, k // 2)

    def forward(self, x):
        x = self.cv1(x)
        y1 = self.m(x)
        y2 = self.m(y1)
        return self.cv2(torch.cat((x, y1, y2, self.m(y2)), 1))


BACKBONE = [
    # from, number, module, args
    [-1, 1, "Conv", [64, 6, 2, 2]],
    [-1, 1, "Conv", [128, 3, 2]],
    [-1, 3, "C3", [128]],
    [-1, 1, "Conv", [256, 3, 2]],
    [-1, 6, "C3", [256]],
    [-1, 1, "Conv", [512, 3, 2]],
    [-1, 9, "C3", [512]],
    [-1, 1, "Conv", [1024, 3, 2]],
    [-1, 3, "C3", [1024]],
    [-1, 1, "SPPF", [1024, 5]],
]


def parse_model(layers, ch, gd, gw, nc, na=3):
    modules = {"Conv": Conv, "C3": C3, "SPPF": SPPF}
    out, c2 = [], ch
    for f, n, m, args in layers:
        m = modules[m]
        n = max(round(n * gd), 1) if n > 1 else n
        c1, c2 = c2, make_divisible(args[0] * gw)
        args = [c1, c2, *args[1:]]
        if m is C3:
            args.insert(2, n)
            n = 1
        out.append(nn.Sequential(*(m(*args) for _ in range(n))) if n > 1 else m(*args))
    out.append(nn.Conv2d(c2, na * (nc + 5), 1))
    return nn.Sequential(*out)


model = parse_model(BACKBONE, ch=3, gd=0.33, gw=0.25, nc=80)
