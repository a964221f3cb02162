"""Zoo: inheritance -- a base encoder builds layers, a subclass adds a head and extra layers."""

import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, dim, depth):
        super().__init__()
        self.dim = dim
        self.blocks = nn.ModuleList([self.make_block(dim) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)

    def make_block(self, dim):
        return nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))

    def forward(self, x):
        for block in self.blocks:
            x = x + block(x)
        return self.norm(x)


class WideEncoder(Encoder):
    def make_block(self, dim):  # overridden: wider blocks
        return nn.Sequential(nn.Linear(dim, dim * 4), nn.GELU(), nn.Linear(dim * 4, dim))


class Classifier(WideEncoder):
    def __init__(self, dim=48, depth=3, classes=7):
        super().__init__(dim, depth)
        self.head = nn.Linear(self.dim, classes)

    def forward(self, x):
        x = super().forward(x)  # the encoder's forward, on this object
        return self.head(x[:, 0])


ENTRY = "Classifier"
CONFIG = None
INPUT = (2, 5, 48)


def build():
    return Classifier()
