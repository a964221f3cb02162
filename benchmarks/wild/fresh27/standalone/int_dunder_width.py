"""A width object converted with `int()` through `__int__` (rounded up to a multiple of 8)."""

import torch.nn as nn


class Width:
    def __init__(self, value):
        self.value = value

    def __int__(self):
        return (int(self.value) + 7) // 8 * 8


hidden = Width(20.5)
model = nn.Sequential(nn.Linear(10, int(hidden)), nn.Tanh(), nn.Linear(int(hidden), int(Width(3))))
