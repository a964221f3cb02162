"""Per-layer widths from np.interp between anchor depths, truncated by int(); past the last anchor the value is clamped."""

import numpy as np
from torch import nn

anchors_x = [0, 3, 6]
anchors_w = [16.0, 40.0, 28.0]
widths = [int(np.interp(i, anchors_x, anchors_w)) for i in range(8)]
layers, d = [], 6
for w in widths:
    layers.append(nn.Linear(d, w))
    d = w
model = nn.Sequential(*layers)
