"""Three LRU layers (LRU-pytorch) with a residual-style width of 24, a linear encoder and decoder."""

import torch.nn as nn
from LRU_pytorch import LRU

d = 24
model = nn.Sequential(
    nn.Linear(6, d),
    *[LRU(in_features=d, out_features=d, state_features=2 * d) for _ in range(3)],
    nn.Linear(d, 1),
)
