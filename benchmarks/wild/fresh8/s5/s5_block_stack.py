"""Bidirectional S5 blocks (S5 + GEGLU feedforward) for sequence classification."""

import torch.nn as nn
from s5 import S5Block


class S5Classifier(nn.Module):
    def __init__(self, d_in=3, dim=128, state=64, depth=4, classes=10):
        super().__init__()
        self.encoder = nn.Linear(d_in, dim)
        self.blocks = nn.ModuleList(S5Block(dim, state, bidir=True) for _ in range(depth))
        self.decoder = nn.Linear(dim, classes)


model = S5Classifier()
