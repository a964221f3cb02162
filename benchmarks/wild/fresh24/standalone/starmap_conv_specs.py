"""Conv layers from (in, out, kernel, stride) tuples through itertools.starmap."""

import itertools

import torch.nn as nn

SPECS = [(3, 24, 5, 2), (24, 48, 3, 2), (48, 48, 3, 1), (48, 96, 3, 2)]
model = nn.Sequential(
    *itertools.starmap(nn.Conv2d, SPECS), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(96, 5)
)
