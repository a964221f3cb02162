"""A ratio object: `float(r)` goes through `__float__`, `n // r` through `__rfloordiv__` (rounds up, not down)."""

import math

import torch.nn as nn


class Ratio:
    def __init__(self, num, den):
        self.num, self.den = num, den

    def __float__(self):
        return self.num / self.den

    def __rfloordiv__(self, n):
        return math.ceil(n * self.den / self.num)


class Bottleneck(nn.Module):
    def __init__(self, channels, ratio):
        super().__init__()
        squeezed = channels // ratio
        self.reduce = nn.Conv2d(channels, squeezed, 1)
        self.expand = nn.Conv2d(squeezed, channels, 1)
        self.drop = nn.Dropout(p=float(ratio) / 10)


model = nn.Sequential(
    Bottleneck(channels=50, ratio=Ratio(4, 1)), Bottleneck(channels=50, ratio=Ratio(3, 1))
)
