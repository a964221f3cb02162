"""np.searchsorted: side="left" and side="right" differ on a value equal to a boundary; one width per bucket."""

import numpy as np
import torch.nn as nn

boundaries = np.array([16, 32, 64])
widths = [8, 24, 48, 96]
values = [32, 5, 64, 100]
left = np.searchsorted(boundaries, values, side="left")  # [1, 0, 2, 3]
right = np.searchsorted(boundaries, values, side="right")  # [2, 0, 3, 3]

model = nn.ModuleDict(
    {
        "left": nn.ModuleList([nn.Linear(v, widths[i]) for v, i in zip(values, left)]),
        "right": nn.ModuleList([nn.Linear(v, widths[i]) for v, i in zip(values, right)]),
    }
)
