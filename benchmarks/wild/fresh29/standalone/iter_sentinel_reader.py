"""Widths read with the two-argument `iter(callable, sentinel)`: reading stops at the first 0, later widths are never seen."""

import torch.nn as nn

raw = [24, 16, 0, 64, 8]
pos = 0


def read():
    global pos
    value = raw[pos]
    pos += 1
    return value


widths = list(iter(read, 0))  # [24, 16]
model = nn.Sequential(
    nn.Linear(4, widths[0]), nn.Linear(widths[0], widths[-1]), nn.Linear(widths[-1], len(widths))
)
