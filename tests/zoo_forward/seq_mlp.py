"""A plain nn.Sequential MLP held by a module."""

import torch.nn as nn

INPUT = (4, 20)


class Net(nn.Module):
    def __init__(self, d_in=20, hidden=64, classes=5):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(d_in, hidden),
            nn.ReLU(),
            nn.Dropout(0.1),
            nn.Linear(hidden, hidden),
            nn.Tanh(),
            nn.Linear(hidden, classes),
        )

    def forward(self, x):
        return self.net(x)
