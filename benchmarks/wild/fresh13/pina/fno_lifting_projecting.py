"""A 2D Fourier Neural Operator from PINA with user lifting / projecting networks."""

import torch.nn as nn
from pina.model import FNO

width = 16
lifting = nn.Linear(3, width)
projecting = nn.Sequential(nn.Linear(width, 32), nn.GELU(), nn.Linear(32, 1))
model = FNO(
    lifting_net=lifting,
    projecting_net=projecting,
    n_modes=6,
    dimensions=2,
    inner_size=width,
    n_layers=3,
)
