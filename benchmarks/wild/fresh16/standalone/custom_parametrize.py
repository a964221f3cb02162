# custom parametrizations: a symmetric weight, a learnable-gain normaliser (owns a parameter), orthogonal
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P
from torch.nn.utils.parametrizations import orthogonal


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)


class GainNorm(nn.Module):
    def __init__(self, rows):
        super().__init__()
        self.gain = nn.Parameter(torch.ones(rows, 1))

    def forward(self, W):
        return self.gain * W / W.norm(dim=1, keepdim=True)


class Net(nn.Module):
    def __init__(self, d=32, h=48, out=5):
        super().__init__()
        self.sym = nn.Linear(d, d)
        self.fc = nn.Linear(d, h)
        self.rot = nn.Linear(h, h, bias=False)
        self.out = nn.Linear(h, out)
        P.register_parametrization(self.sym, "weight", Symmetric())
        P.register_parametrization(self.fc, "weight", GainNorm(h))
        orthogonal(self.rot)


model = Net()
P.remove_parametrizations(model.sym, "weight")
