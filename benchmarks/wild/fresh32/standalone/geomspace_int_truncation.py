"""Widths from np.geomspace: int() truncates values like 31.999..., round() does not."""

import numpy as np
import torch.nn as nn

raw = np.geomspace(8, 1000, num=4)  # 8, 40, 200, 1000 in exact arithmetic
truncated = [int(v) for v in raw]
rounded = [int(round(v)) for v in raw]

model = nn.ModuleDict(
    {
        "trunc": nn.Sequential(*[nn.Linear(a, b) for a, b in zip(truncated, truncated[1:])]),
        "round": nn.Sequential(*[nn.Linear(a, b) for a, b in zip(rounded, rounded[1:])]),
    }
)
