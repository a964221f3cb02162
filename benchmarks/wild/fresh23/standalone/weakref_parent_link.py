"""Children that reach their parent through weakref.ref (no module cycle); the parent owns a shared gate."""

import weakref

import torch
from torch import nn


class Child(nn.Module):
    def __init__(self, parent, dim):
        super().__init__()
        self._parent = weakref.ref(parent)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return self.fc(x) * torch.sigmoid(self._parent().gate)


class Parent(nn.Module):
    def __init__(self, dim=24, n=3):
        super().__init__()
        self.gate = nn.Parameter(torch.zeros(dim))
        self.kids = nn.ModuleList(Child(self, dim) for _ in range(n))
        self.out = nn.Linear(dim, 2)


model = Parent(dim=24, n=3)
