"""A bidirectional LRU pair (LRU-pytorch) in a ModuleDict: forward and backward units, merged by a Linear."""

import torch.nn as nn
from LRU_pytorch import LRU

model = nn.ModuleDict(
    {
        "fwd": LRU(in_features=8, out_features=16, state_features=16, max_phase=3.14),
        "bwd": LRU(in_features=8, out_features=16, state_features=16, max_phase=3.14),
        "merge": nn.Linear(32, 16),
    }
)
