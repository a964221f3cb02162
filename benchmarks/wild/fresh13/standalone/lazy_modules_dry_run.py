"""Lazy layers whose shapes are fixed by a dry run on a dummy batch at build time."""

import torch
import torch.nn as nn


class LazyNet(nn.Module):
    def __init__(self, classes=5):
        super().__init__()
        self.features = nn.Sequential(
            nn.LazyConv2d(8, 3),
            nn.LazyBatchNorm2d(),
            nn.ReLU(),
            nn.LazyConv2d(16, 3, stride=2),
            nn.ReLU(),
        )
        self.flat = nn.Flatten()
        self.fc = nn.LazyLinear(classes)

    def forward(self, x):
        return self.fc(self.flat(self.features(x)))


model = LazyNet(classes=5)
with torch.no_grad():
    model(torch.zeros(2, 3, 12, 12))
