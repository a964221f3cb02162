"""Zoo: a plain MLP as one nn.Sequential with literal sizes."""

from torch import nn


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(784, 256),
            nn.ReLU(),
            nn.Linear(256, 128),
            nn.ReLU(),
            nn.Linear(128, 10),
        )

    def forward(self, x):
        return self.net(x)


ENTRY = "MLP"
CONFIG = None
INPUT = (4, 784)


def build():
    return MLP()
