"""Zoo: one module object used in two places (torch counts its weights once)."""

import torch.nn as nn


class Siamese(nn.Module):
    def __init__(self, dim=20, hidden=50):
        super().__init__()
        tower = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden))
        self.left = tower
        self.right = tower  # the same object: shared weights
        self.score = nn.Bilinear(hidden, hidden, 1)

    def forward(self, a, b):
        return self.score(self.left(a), self.right(b))


ENTRY = "Siamese"
CONFIG = None
INPUT = {"a": (4, 20), "b": (4, 20)}


def build():
    return Siamese()
