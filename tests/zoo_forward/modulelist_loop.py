"""A ModuleList of identical Linear layers applied in a loop (one compact node, repeat=4)."""

import torch
import torch.nn as nn

INPUT = (5, 16)


class Net(nn.Module):
    def __init__(self, d=16, n=4):
        super().__init__()
        self.inp = nn.Linear(8 + 8, d)
        self.layers = nn.ModuleList([nn.Linear(d, d) for _ in range(n)])
        self.head = nn.Linear(d, 3)

    def forward(self, x):
        x = self.inp(x)
        for layer in self.layers:
            x = torch.relu(layer(x))
        return self.head(x)
