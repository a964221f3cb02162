"""Two inKAN layers by hand (cubic splines, a GELU base branch on the second) around a LayerNorm."""

import torch.nn as nn
from inkan import KANLayer

model = nn.Sequential(
    KANLayer(in_features=10, out_features=20, grid_size=4, spline_order=3),
    nn.LayerNorm(20),
    KANLayer(in_features=20, out_features=5, grid_size=6, spline_order=3, base_activation=nn.GELU),
)
