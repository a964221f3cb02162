"""A PureKAN and a PPHNet side by side in one ModuleDict (an ensemble of two KAN variants)."""

import torch.nn as nn
from kan_mlp_hybrid import PPHNet, PureKAN

model = nn.ModuleDict(
    {
        "kan": PureKAN(
            in_features=6, hidden_features=[12, 12], out_features=1, num_layers=2, grid_size=3
        ),
        "pph": PPHNet(
            in_features=6,
            hidden_features=[12, 10, 8, 6],
            out_features=1,
            num_layers=4,
            spline_order=2,
        ),
    }
)
