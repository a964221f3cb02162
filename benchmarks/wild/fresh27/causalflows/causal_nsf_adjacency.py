"""A causal neural spline flow whose autoregressive structure is given by an explicit adjacency matrix."""

import torch
from causalflows.flows import CausalNSF

adjacency = torch.tensor(
    [
        [1, 0, 0],
        [1, 1, 0],
        [0, 1, 1],
    ],
    dtype=torch.bool,
)
model = CausalNSF(features=3, bins=6, adjacency=adjacency, hidden_features=[12, 12, 12])
