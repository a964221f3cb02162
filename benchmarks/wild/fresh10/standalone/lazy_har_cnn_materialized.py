"""Human-activity-recognition 1-D CNN written with lazy layers; a dummy batch materializes them."""

import torch
from torch import nn

model = nn.Sequential(
    nn.LazyConv1d(64, kernel_size=5, padding=2),
    nn.LazyBatchNorm1d(),
    nn.ReLU(),
    nn.LazyConv1d(128, kernel_size=5, padding=2),
    nn.ReLU(),
    nn.MaxPool1d(2),
    nn.Flatten(),
    nn.LazyLinear(256),
    nn.ReLU(),
    nn.LazyLinear(6),
)
# 9 inertial channels x 128 time steps (UCI-HAR windows)
with torch.no_grad():
    model(torch.zeros(2, 9, 128))
