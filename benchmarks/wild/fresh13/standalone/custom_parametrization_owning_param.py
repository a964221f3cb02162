"""A custom parametrization that owns a parameter (a learnable diagonal), plus a symmetric one."""

import torch
import torch.nn as nn
from torch.nn.utils import parametrize


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)


class DiagScale(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.d = nn.Parameter(torch.ones(n))

    def forward(self, X):
        return X * self.d.unsqueeze(0)


layer_a = nn.Linear(12, 12)
parametrize.register_parametrization(layer_a, "weight", Symmetric())
layer_b = nn.Linear(12, 6)
parametrize.register_parametrization(layer_b, "weight", DiagScale(12))
parametrize.register_parametrization(layer_b, "weight", DiagScale(12))
model = nn.Sequential(layer_a, nn.Tanh(), layer_b)
