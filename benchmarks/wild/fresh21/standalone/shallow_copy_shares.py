"""copy.copy of a module is shallow: the copy shares parameters; only the replaced child differs."""

import copy

import torch.nn as nn


class Tower(nn.Module):
    def __init__(self, dim=32, out=8):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))
        self.out = nn.Linear(dim, out)

    def forward(self, x):
        return self.out(self.body(x))


class Siamese(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Tower(24, 6)
        b = copy.copy(self.a)
        b._modules = dict(b._modules)
        b.out = nn.Linear(24, 12)
        self.b = b

    def forward(self, x, y):
        return self.a(x), self.b(y)


model = Siamese()
