# layer builders composed with functools.reduce over a list of (kind, size) steps
from functools import reduce

import torch.nn as nn

steps = [("conv", 32), ("conv", 32), ("pool", None), ("conv", 64), ("pool", None), ("conv", 128)]


def add(state, step):
    layers, ch = state
    kind, size = step
    if kind == "conv":
        return layers + [nn.Conv2d(ch, size, 3, padding=1), nn.ReLU()], size
    return layers + [nn.MaxPool2d(2)], ch


layers, ch = reduce(add, steps, ([], 3))
model = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(ch, 100))
