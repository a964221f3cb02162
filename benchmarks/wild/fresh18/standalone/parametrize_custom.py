import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)


class LowRank(nn.Module):
    def __init__(self, n, r):
        super().__init__()
        self.U = nn.Parameter(torch.randn(n, r) * 0.1)

    def forward(self, X):
        return X + self.U @ self.U.T


model = nn.Sequential(nn.Linear(24, 24), nn.Tanh(), nn.Linear(24, 24), nn.Linear(24, 3))
P.register_parametrization(model[0], "weight", Symmetric())
P.register_parametrization(model[2], "weight", LowRank(24, 4))
