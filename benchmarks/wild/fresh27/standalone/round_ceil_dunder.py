"""Widths held in a Ratio object: `round()` and `math.ceil()` call its `__round__` and `__ceil__`."""

import math

import torch.nn as nn


class Ratio:
    def __init__(self, base, mult):
        self.base, self.mult = base, mult

    def __round__(self, ndigits=None):
        return int(self.base * self.mult) // 8 * 8

    def __ceil__(self):
        return -(-int(self.base * self.mult * 10) // 10)


r = Ratio(50, 1.3)
hidden = round(r)
proj = math.ceil(r)
model = nn.Sequential(nn.Linear(50, hidden), nn.GELU(), nn.Linear(hidden, proj))
