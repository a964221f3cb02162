"""Consecutive width pairs made by itertools.tee of one iterator (one copy advanced by one)."""

from itertools import tee

import torch.nn as nn

widths = iter([20, 40, 40, 10, 1])
a, b = tee(widths)
next(b, None)
model = nn.Sequential(*[nn.Linear(i, o) for i, o in zip(a, b)])
