"""Which layers get a bias, from np.binary_repr(mask, width); the count of hidden layers from len(np.base_repr(n, 3))."""

import numpy as np
from torch import nn

mask = np.binary_repr(11, width=6)  # '001011'
depth = len(np.base_repr(50, base=3))  # '1212' -> 4
layers, d = [], 9
for i in range(depth):
    layers.append(nn.Linear(d, 20, bias=mask[i] == "1"))
    d = 20
layers.append(nn.Linear(d, 3, bias=mask[-1] == "1"))
model = nn.Sequential(*layers)
