"""A custom parametrization (skew-symmetric -> Cayley) registered on a square weight, plus a symmetric
parametrization on a second layer; the original tensor moves to parametrizations.weight.original."""

import torch
from torch import nn
from torch.nn.utils import parametrize


class Skew(nn.Module):
    def forward(self, x):
        a = x.triu(1)
        return a - a.T


class Cayley(nn.Module):
    def forward(self, x):
        eye = torch.eye(x.shape[0], dtype=x.dtype, device=x.device)
        return torch.linalg.solve(eye + x, eye - x)


class Sym(nn.Module):
    def forward(self, x):
        return x.triu() + x.triu(1).T


net = nn.Sequential(nn.Linear(12, 12), nn.Tanh(), nn.Linear(12, 12, bias=False))
parametrize.register_parametrization(net[0], "weight", Skew())
parametrize.register_parametrization(net[0], "weight", Cayley())
parametrize.register_parametrization(net[2], "weight", Sym())
model = net
