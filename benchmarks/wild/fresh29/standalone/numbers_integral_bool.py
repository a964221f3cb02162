"""A dispatcher on `numbers.Integral` / `numbers.Real`: `True` is Integral (a width of 1), 2.5 is Real (scaled), "4" is neither."""

import numbers

import torch.nn as nn


def resolve(v, base=16):
    if isinstance(v, numbers.Integral):
        return int(v)
    if isinstance(v, numbers.Real):
        return int(base * v)
    return base


model = nn.ModuleList(
    [nn.Linear(4, resolve(True)), nn.Linear(4, resolve(2.5)), nn.Linear(4, resolve("4"))]
)
