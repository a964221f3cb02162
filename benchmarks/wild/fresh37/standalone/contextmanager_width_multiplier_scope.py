# a context manager sets a module-level width multiplier while some layers are built
import contextlib

import torch.nn as nn

_MULT = 1.0


@contextlib.contextmanager
def width_mult(m):
    global _MULT
    old, _MULT = _MULT, m
    try:
        yield
    finally:
        _MULT = old


def lin(a, b):
    return nn.Linear(int(a * _MULT), int(b * _MULT))


first = lin(64, 64)
with width_mult(0.5):
    second = lin(64, 128)
    with width_mult(2.0):
        third = lin(32, 32)
fourth = lin(64, 10)
model = nn.ModuleList([first, second, third, fourth])
