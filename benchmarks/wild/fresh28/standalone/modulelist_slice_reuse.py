"""A ModuleList sliced (a slice returns a new ModuleList over the same modules) and reused: the first two blocks run twice."""

import torch.nn as nn

blocks = nn.ModuleList(nn.Sequential(nn.Linear(32, 32), nn.GELU()) for _ in range(4))
model = nn.Sequential(*blocks[:2], *blocks, nn.Linear(32, 4))
