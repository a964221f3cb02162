"""A width from `hash(-1)`: CPython reserves -1, so `hash(-1) == -2` and the width is 2 * 16."""

import torch.nn as nn

width = abs(hash(-1)) * 16  # 32, not 16
model = nn.Sequential(nn.Linear(5, width), nn.Linear(width, abs(hash(7))))
