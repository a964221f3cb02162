"""A width type whose `__floor__` rounds down to a multiple of 8: `math.floor` calls it, so 45.5 becomes 40,
while `int()` (no `__int__` override but a float subclass) gives 45."""

import math

import torch.nn as nn


class Width(float):
    def __floor__(self):
        return int(float(self)) // 8 * 8


w = Width(45.5)
a = math.floor(w)  # 40
b = int(w)  # 45
model = nn.Sequential(nn.Linear(a, b), nn.ReLU(), nn.Linear(b, a))
