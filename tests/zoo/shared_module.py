"""Zoo: one module object used in two places (torch counts its weights once)."""

import torch.nn as nn


class Siamese(nn.Module):
    def __init__(self, dim=20, hidden=50):
        super().__init__()
        tower = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden))
        self.left = tower
        self.right = tower  # the same object: shared weights
        self.score = nn.Bilinear(hidden, hidden, 1)


ENTRY = "Siamese"
CONFIG = None
INPUT = None


def build():
    return Siamese()
