"""np.array_split over channels: uneven chunks (the first ones one larger), one branch per chunk."""

import numpy as np
import torch.nn as nn

channels = np.arange(22)
chunks = np.array_split(channels, 4)  # sizes 6, 6, 5, 5
even = np.split(np.arange(12), 3)  # sizes 4, 4, 4

model = nn.ModuleDict(
    {
        "uneven": nn.ModuleList([nn.Conv1d(len(c), len(c) * 2, 3) for c in chunks]),
        "even": nn.ModuleList([nn.Linear(len(c), 1) for c in even]),
    }
)
