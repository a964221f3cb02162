"""Modules composed with a custom __matmul__; the same projection appears twice (shared weights)."""

import torch.nn as nn


class Op(nn.Module):
    def __init__(self, *mods):
        super().__init__()
        self.mods = nn.ModuleList(mods)

    def __matmul__(self, other):
        return Op(*self.mods, *other.mods)

    def forward(self, x):
        for m in self.mods:
            x = m(x)
        return x


proj = Op(nn.Linear(16, 16))
act = Op(nn.Tanh())
model = Op(nn.Linear(8, 16)) @ proj @ act @ proj @ Op(nn.Linear(16, 3))
