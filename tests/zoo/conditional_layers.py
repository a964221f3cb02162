"""Zoo: layers created under conditions on constructor flags (all known statically); forward
tests for them with ``hasattr`` and ``is not None``."""

import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, dim, use_norm=True, use_gate=False, dropout=0.1):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim) if use_norm else nn.Identity()
        if use_gate:
            self.gate = nn.Linear(dim, dim, bias=False)
        self.drop = nn.Dropout(dropout) if dropout > 0 else None

    def forward(self, x):
        h = self.norm(self.fc(x))
        if hasattr(self, "gate"):
            h = h * torch.sigmoid(self.gate(x))
        if self.drop is not None:
            h = self.drop(h)
        return x + h


class Net(nn.Module):
    def __init__(self, dim=36):
        super().__init__()
        self.a = Block(dim)
        self.b = Block(dim, use_norm=False, use_gate=True)
        self.c = Block(dim, dropout=0.0, use_gate=dim > 32)

    def forward(self, x):
        return self.c(self.b(self.a(x)))


ENTRY = "Net"
CONFIG = None
INPUT = (4, 36)


def build():
    return Net()
