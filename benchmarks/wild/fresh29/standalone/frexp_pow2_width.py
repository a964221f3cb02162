"""Widths rounded up to a power of two with `math.frexp` (the exponent of 100 is 7, so 128) and scaled back with `math.ldexp`."""

import math

import torch.nn as nn


def next_pow2(n):
    _, exp = math.frexp(n)
    return int(math.ldexp(1, exp))


model = nn.Sequential(
    nn.Linear(10, next_pow2(100)),
    nn.Linear(next_pow2(100), next_pow2(64)),
    nn.Linear(next_pow2(64), 4),
)  # 128, then 128 (64 = 0.5 * 2**7)
