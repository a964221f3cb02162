"""Widths from np.logspace: base 2 gives exact powers; base 10 at half-integer exponents truncates (31.62... -> 31)."""

import numpy as np
from torch import nn

w2 = np.logspace(3, 6, 4, base=2)
w10 = np.logspace(1, 2, 3)
widths = [int(w) for w in w2] + [int(w) for w in w10]
layers, d = [], 5
for w in widths:
    layers.append(nn.Linear(d, w))
    d = w
model = nn.Sequential(*layers)
