"""A layer built in __init__ and never called in forward."""

import torch.nn as nn

INPUT = (3, 8)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)
        self.forgotten_norm = nn.LayerNorm(8)
        self.extra = nn.Linear(8, 8)

    def forward(self, x):
        return self.fc(x)
