"""A Channels object usable as a size through `__index__` (via `operator.index` and directly as a `range` bound)."""

import operator

import torch.nn as nn


class Channels:
    def __init__(self, n):
        self.n = n

    def __index__(self):
        return self.n * 3


c = Channels(4)
width = operator.index(c)  # 12
model = nn.Sequential(*[nn.Linear(width, width) for _ in range(Channels(1))])  # range(3)
