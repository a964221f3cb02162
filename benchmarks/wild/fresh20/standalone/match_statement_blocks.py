"""Blocks chosen with a match statement over tuples of (kind, args)."""

import torch.nn as nn

PLAN = [("conv", 3, 16, 3), ("bn", 16), ("act",), ("conv", 16, 32, 5), ("pool", 2), ("fc", 32, 10)]


def make(step):
    match step:
        case ("conv", cin, cout, k):
            return nn.Conv2d(cin, cout, k, padding=k // 2, bias=False)
        case ("bn", c):
            return nn.BatchNorm2d(c)
        case ("pool", k):
            return nn.Sequential(nn.MaxPool2d(k), nn.AdaptiveAvgPool2d(1), nn.Flatten())
        case ("fc", cin, cout):
            return nn.Linear(cin, cout)
        case _:
            return nn.GELU()


model = nn.Sequential(*map(make, PLAN))
