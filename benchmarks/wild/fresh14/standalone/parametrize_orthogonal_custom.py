"""Parametrizations: a custom symmetric one, torch's orthogonal, and one removed with leave_parametrized."""

import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P
from torch.nn.utils.parametrizations import orthogonal


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)


class Scaled(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(n, 1))

    def forward(self, X):
        return X * self.scale


net = nn.Sequential(nn.Linear(40, 40), nn.Tanh(), nn.Linear(40, 40), nn.Tanh(), nn.Linear(40, 12))
P.register_parametrization(net[0], "weight", Symmetric())
orthogonal(net[2])
P.register_parametrization(net[4], "weight", Scaled(12))
P.register_parametrization(net[0], "weight", Scaled(40))
P.remove_parametrizations(net[0], "weight", leave_parametrized=True)
model = net
