"""Two exact-gradient TTFS layers stacked in a plain nn.Sequential (the library's quick-start style)."""

import torch.nn as nn
from exact_snn import ExactTTFSLinear

model = nn.Sequential(
    ExactTTFSLinear(n_in=36, n_out=24, grid_pts=301, seed=0),
    ExactTTFSLinear(n_in=24, n_out=6, grid_pts=301, seed=1),
)
