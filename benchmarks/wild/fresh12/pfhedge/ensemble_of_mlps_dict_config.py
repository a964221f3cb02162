"""Several hedging MLPs from a config list, activations deep-copied by the library."""

import torch.nn as nn
from pfhedge.nn import MultiLayerPerceptron

configs = [
    {"in_features": 2, "n_layers": 2, "n_units": 16},
    {"in_features": 4, "n_layers": 3, "n_units": [8, 16, 8], "activation": nn.Tanh()},
    {
        "in_features": 3,
        "out_features": 2,
        "n_layers": 1,
        "n_units": 64,
        "out_activation": nn.Softplus(),
    },
]
model = nn.ModuleList([MultiLayerPerceptron(**c) for c in configs])
