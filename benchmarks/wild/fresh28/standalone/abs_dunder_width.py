"""Widths pass through `abs()` of a signed spec: its `__abs__` returns the magnitude doubled when the sign is negative."""

import torch.nn as nn


class Signed:
    def __init__(self, value):
        self.value = value

    def __abs__(self):
        return -2 * self.value if self.value < 0 else self.value


class Net(nn.Module):
    def __init__(self, specs):
        super().__init__()
        widths = [abs(Signed(s)) for s in specs]
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(widths, widths[1:]))


model = Net(specs=[10, -12, 16, -3])
