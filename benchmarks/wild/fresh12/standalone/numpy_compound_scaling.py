"""EfficientNet-like compound scaling computed with numpy (np.linspace, np.round, np.ceil) and a
_make_divisible helper; MBConv blocks with squeeze-excitation."""

import math

import numpy as np
import torch.nn as nn


def make_divisible(v, divisor=8, min_value=None):
    min_value = min_value or divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


class SE(nn.Module):
    def __init__(self, c, rd):
        super().__init__()
        self.reduce = nn.Conv2d(c, rd, 1)
        self.expand = nn.Conv2d(rd, c, 1)


class MBConv(nn.Module):
    def __init__(self, cin, cout, expand, k, stride, se_ratio=0.25):
        super().__init__()
        mid = cin * expand
        self.expand = (
            nn.Sequential(nn.Conv2d(cin, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.SiLU())
            if expand != 1
            else nn.Identity()
        )
        self.dw = nn.Sequential(
            nn.Conv2d(mid, mid, k, stride, k // 2, groups=mid, bias=False),
            nn.BatchNorm2d(mid),
            nn.SiLU(),
        )
        self.se = SE(mid, max(1, int(cin * se_ratio)))
        self.project = nn.Sequential(nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout))


BASE = [(1, 3, 1, 16, 1), (6, 3, 2, 24, 2), (6, 5, 2, 40, 2), (6, 3, 2, 80, 3), (6, 5, 1, 112, 3)]


class EffNet(nn.Module):
    def __init__(self, width_mult=0.5, depth_mult=0.8, classes=10):
        super().__init__()
        stem = make_divisible(32 * width_mult)
        self.stem = nn.Sequential(
            nn.Conv2d(3, stem, 3, 2, 1, bias=False), nn.BatchNorm2d(stem), nn.SiLU()
        )
        widths = [make_divisible(c * width_mult) for *_, c, _ in BASE]
        repeats = np.ceil(np.array([n for *_, n in BASE]) * depth_mult).astype(int)
        blocks, cin = [], stem
        for (e, k, s, _, _), cout, n in zip(BASE, widths, repeats):
            for i in range(int(n)):
                blocks.append(MBConv(cin, cout, e, k, s if i == 0 else 1))
                cin = cout
        self.blocks = nn.Sequential(*blocks)
        head = make_divisible(int(np.round(1280 * width_mult)))
        self.head = nn.Sequential(
            nn.Conv2d(cin, head, 1, bias=False), nn.BatchNorm2d(head), nn.SiLU()
        )
        self.fc = nn.Linear(head, classes)
        self.depth = int(math.fsum(repeats))


model = EffNet()
