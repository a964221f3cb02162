# custom parametrizations: a symmetric weight and a positive diagonal scale (exp) on one Linear
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)


class PositiveScale(nn.Module):
    def forward(self, s):
        return torch.exp(s)


layer = nn.Linear(64, 64)
P.register_parametrization(layer, "weight", Symmetric())
P.register_parametrization(layer, "bias", PositiveScale())
model = nn.Sequential(nn.Linear(10, 64), nn.Tanh(), layer, nn.Tanh(), nn.Linear(64, 1))
