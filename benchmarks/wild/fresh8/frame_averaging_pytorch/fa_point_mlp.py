"""Frame averaging around a user point-wise MLP (SE(3)-invariant point features)."""

import torch.nn as nn
from frame_averaging_pytorch import FrameAverage

net = nn.Sequential(nn.Linear(3, 128), nn.SiLU(), nn.Linear(128, 128), nn.SiLU(), nn.Linear(128, 3))

model = FrameAverage(net, dim=3)
