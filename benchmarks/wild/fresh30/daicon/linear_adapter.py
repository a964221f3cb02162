"""A daicon LowRankLinearAdapter around a 64 -> 32 Linear, rank 4."""

import torch.nn as nn
from daicon import LowRankLinearAdapter

model = LowRankLinearAdapter(nn.Linear(64, 32), rank=4, scale=0.5)
