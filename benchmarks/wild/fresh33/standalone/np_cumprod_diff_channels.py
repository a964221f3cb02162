"""Channels from np.cumprod of per-stage multipliers; kernel sizes from np.diff of boundary positions (one fewer than the positions)."""

import numpy as np
from torch import nn

chans = (8 * np.cumprod([1, 2, 2, 1.5])).astype(int)
kernels = np.diff([0, 3, 8, 13, 20])
layers, c = [], 2
for out, k in zip(chans, kernels):
    layers.append(nn.Conv1d(c, int(out), int(k), padding=int(k) // 2))
    c = int(out)
model = nn.Sequential(*layers)
