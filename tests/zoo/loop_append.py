"""Zoo: a ModuleList grown with append, += and extend inside loops, with while and break."""

import torch.nn as nn


class Pyramid(nn.Module):
    def __init__(self, start=64, stop=8):
        super().__init__()
        self.layers = nn.ModuleList()
        width = start
        while True:
            if width <= stop:
                break
            self.layers.append(nn.Linear(width, width // 2))
            width //= 2
        self.layers += [nn.ReLU(), nn.Linear(width, 3)]
        self.layers.extend([nn.Linear(3, 3) for _ in range(2)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


ENTRY = "Pyramid"
CONFIG = None
INPUT = (2, 64)


def build():
    return Pyramid()
