"""Submodules passed through torch.jit.script before being composed (a scripted module still has its params)."""

import torch
import torch.nn as nn


class Gate(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.proj = nn.Linear(dim, 2 * dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a, b = self.proj(x).chunk(2, -1)
        return a * torch.sigmoid(b)


class Net(nn.Module):
    def __init__(self, dim=32, n=3, classes=5):
        super().__init__()
        self.inp = nn.Linear(12, dim)
        self.gates = nn.ModuleList([torch.jit.script(Gate(dim)) for _ in range(n)])
        self.out = torch.jit.script(nn.Linear(dim, classes))

    def forward(self, x):
        h = self.inp(x)
        for g in self.gates:
            h = h + g(h)
        return self.out(h)


model = Net(dim=20, n=2, classes=3)
