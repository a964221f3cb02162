"""Blocks nested with functools.reduce: each step wraps the previous network in a residual shell."""

from functools import reduce
from itertools import accumulate, pairwise

import torch.nn as nn


class Residual(nn.Module):
    def __init__(self, inner, dim):
        super().__init__()
        self.inner = inner
        self.gate = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.gate(self.inner(x))


DIM = 32
core = nn.Sequential(nn.Linear(DIM, DIM), nn.GELU())
net = reduce(lambda acc, _: Residual(acc, DIM), range(3), core)

widths = list(accumulate([16, 16, 32, 32], initial=8))  # 8, 24, 40, 72, 104
stem = nn.Sequential(*(nn.Linear(a, b) for a, b in pairwise(widths)))

model = nn.Sequential(stem, nn.Linear(widths[-1], DIM), net)
