"""Channels per stage from np.polyval of a quadratic (highest power first) at each stage index."""

import numpy as np
from torch import nn

coeffs = [2, -1, 8]  # 2 s^2 - s + 8
chans = [int(np.polyval(coeffs, s)) for s in range(1, 5)]
layers, c = [], 3
for out in chans:
    layers += [nn.Conv2d(c, out, 3, padding=1), nn.BatchNorm2d(out)]
    c = out
model = nn.Sequential(*layers)
