"""daicon LowRankConv1dAdapters around two dilated Conv1d layers of a small genomics-style tower."""

import torch.nn as nn
from daicon import LowRankConv1dAdapter

model = nn.Sequential(
    nn.Conv1d(4, 32, kernel_size=11, padding=5),
    nn.ReLU(),
    LowRankConv1dAdapter(nn.Conv1d(32, 32, kernel_size=3, dilation=2, padding=2), rank=8),
    nn.ReLU(),
    LowRankConv1dAdapter(nn.Conv1d(32, 32, kernel_size=3, dilation=4, padding=4), rank=8),
    nn.Conv1d(32, 2, kernel_size=1),
)
