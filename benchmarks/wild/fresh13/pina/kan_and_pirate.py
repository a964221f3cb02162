"""PINA's KolmogorovArnoldNetwork and PirateNet side by side for an ensemble PINN."""

import torch.nn as nn
from pina.model import KolmogorovArnoldNetwork, PirateNet

nets = {
    "kan": KolmogorovArnoldNetwork([2, 8, 1]),
    "pirate": PirateNet(input_dimension=2, inner_size=32, output_dimension=1, n_layers=2),
}
model = nn.ModuleDict(nets)
