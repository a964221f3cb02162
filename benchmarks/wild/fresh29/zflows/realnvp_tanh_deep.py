"""A RealNVP (zflows) in 3 dimensions with tanh nets of three hidden layers and no mixing layer (mixing=None)."""

import torch.nn as nn
from zflows.flow import RealNVP

model = RealNVP(
    dimension=3, transforms=2, hidden_features=(16, 16, 16), activation=nn.Tanh, mixing=None
)
