"""An EfficientNet-style network with compound scaling: round_filters (divisible by 8, never below 90% of the
scaled width) and round_repeats (ceil), MBConv blocks with squeeze-excitation; the (width, depth) pair of "b0"."""

import math

import torch.nn as nn

PARAMS = {"b0": (1.0, 1.0), "b1": (1.0, 1.1), "b2": (1.1, 1.2)}
# expand, channels, repeats, stride, kernel
STAGES = [(1, 16, 1, 1, 3), (6, 24, 2, 2, 3), (6, 40, 2, 2, 5), (6, 80, 3, 2, 3)]


def round_filters(c, width, divisor=8):
    c *= width
    new = max(divisor, int(c + divisor / 2) // divisor * divisor)
    if new < 0.9 * c:
        new += divisor
    return int(new)


def round_repeats(r, depth):
    return int(math.ceil(depth * r))


class SE(nn.Module):
    def __init__(self, c, squeeze):
        super().__init__()
        self.reduce = nn.Conv2d(c, squeeze, 1)
        self.expand = nn.Conv2d(squeeze, c, 1)


class MBConv(nn.Module):
    def __init__(self, cin, cout, expand, stride, k):
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
        self.se = SE(mid, max(1, cin // 4))
        self.project = nn.Sequential(nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout))


class EfficientNet(nn.Module):
    def __init__(self, width, depth, num_classes=10):
        super().__init__()
        stem = round_filters(32, width)
        self.stem = nn.Sequential(
            nn.Conv2d(3, stem, 3, 2, 1, bias=False), nn.BatchNorm2d(stem), nn.SiLU()
        )
        blocks, cin = [], stem
        for e, c, r, s, k in STAGES:
            cout = round_filters(c, width)
            for i in range(round_repeats(r, depth)):
                blocks.append(MBConv(cin, cout, e, s if i == 0 else 1, k))
                cin = cout
        self.blocks = nn.Sequential(*blocks)
        head = round_filters(320, width)
        self.head = nn.Sequential(
            nn.Conv2d(cin, head, 1, bias=False), nn.BatchNorm2d(head), nn.SiLU()
        )
        self.fc = nn.Linear(head, num_classes)


model = EfficientNet(*PARAMS["b2"], num_classes=10)
