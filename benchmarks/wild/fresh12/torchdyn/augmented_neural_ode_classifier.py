"""Augmented neural ODE: Augmenter pads channels, the vector field sees depth through DepthCat."""

import torch.nn as nn
from torchdyn.core import NeuralODE
from torchdyn.nn import Augmenter, DepthCat

aug = 3
f = nn.Sequential(DepthCat(1), nn.Linear(2 + aug + 1, 64), nn.Tanh(), nn.Linear(64, 2 + aug))
model = nn.Sequential(
    Augmenter(augment_idx=1, augment_dims=aug),
    NeuralODE(f, solver="dopri5", sensitivity="adjoint"),
    nn.Linear(2 + aug, 2),
)
