"""math.hypot with three arguments and math.dist: hypot(2, 3, 6) is 7.0, dist((1, 1), (4, 5)) is 5.0;
the widths are those times 4."""

import math

import torch.nn as nn

w1 = int(math.hypot(2, 3, 6)) * 4  # 28
w2 = int(math.dist((1, 1), (4, 5))) * 4  # 20
model = nn.Sequential(nn.Linear(6, w1), nn.ReLU(), nn.Linear(w1, w2), nn.ReLU(), nn.Linear(w2, 1))
