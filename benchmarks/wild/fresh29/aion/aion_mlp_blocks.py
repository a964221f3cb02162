"""Three MLP layers each wrapped in an AionBlock (aion-torch) adaptive residual."""

import torch.nn as nn
from aion_torch import AionBlock

width = 32
model = nn.Sequential(
    nn.Linear(10, width),
    *[
        AionBlock(nn.Sequential(nn.Linear(width, width), nn.GELU()), dim=width, alpha0=0.2)
        for _ in range(3)
    ],
    nn.Linear(width, 2),
)
