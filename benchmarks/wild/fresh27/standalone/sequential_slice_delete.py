"""Every other layer removed from an nn.Sequential with a slice `del seq[1::2]`."""

import torch.nn as nn

seq = nn.Sequential(
    nn.Linear(16, 16),
    nn.Linear(16, 16),
    nn.Linear(16, 16),
    nn.Linear(16, 16),
    nn.Linear(16, 4),
)
del seq[1::2]
model = seq
