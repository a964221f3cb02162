"""Toeplitz (shift-equivariant) Linear heads from PESTO after a small conv front end."""

import torch.nn as nn
from pesto.model import ToeplitzLinear

widths = [(64, 48), (48, 32)]
model = nn.Sequential(
    nn.Conv1d(1, 4, kernel_size=5, padding=2),
    nn.Flatten(),
    nn.Linear(4 * 16, 64),
    *[ToeplitzLinear(in_features=a, out_features=b) for a, b in widths],
)
