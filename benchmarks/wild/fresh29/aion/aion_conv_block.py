"""An AionBlock (aion-torch) around a conv layer, with a stem and a pooled head."""

import torch.nn as nn
from aion_torch import AionBlock

model = nn.Sequential(
    nn.Conv1d(4, 16, 3, padding=1),
    AionBlock(nn.Conv1d(16, 16, 3, padding=1), dim=16),
    nn.AdaptiveAvgPool1d(1),
    nn.Flatten(),
    nn.Linear(16, 3),
)
