"""A conv trunk with a daicon Conv1d adapter (rank 2) and a Linear head adapter (rank 3)."""

import torch.nn as nn
from daicon import LowRankConv1dAdapter, LowRankLinearAdapter

model = nn.ModuleDict(
    {
        "trunk": LowRankConv1dAdapter(nn.Conv1d(8, 16, kernel_size=5, bias=False), rank=2),
        "head": LowRankLinearAdapter(nn.Linear(16, 4), rank=3, dropout=0.1),
    }
)
