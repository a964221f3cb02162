"""Lazy modules materialized by a dummy forward pass, then a head appended whose width comes from it."""

import torch
import torch.nn as nn

body = nn.Sequential(
    nn.LazyConv2d(16, 3),
    nn.ReLU(),
    nn.LazyConv2d(32, 3, stride=2),
    nn.ReLU(),
    nn.Flatten(),
    nn.LazyLinear(64),
)
with torch.no_grad():
    body(torch.zeros(1, 5, 20, 20))
model = nn.Sequential(body, nn.ReLU(), nn.Linear(body[-1].out_features, 9))
