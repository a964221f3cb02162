"""Zoo: layers cloned with copy.deepcopy (the annotated-transformer style clones())."""

import copy

import torch.nn as nn


def clones(module, n):
    return nn.ModuleList([copy.deepcopy(module) for _ in range(n)])


class SublayerStack(nn.Module):
    def __init__(self, size=32, n=5):
        super().__init__()
        layer = nn.Sequential(nn.Linear(size, size), nn.LayerNorm(size))
        self.layers = clones(layer, n)
        self.norm = nn.LayerNorm(size)

    def forward(self, x):
        for layer in self.layers:
            x = x + layer(x)
        return self.norm(x)


ENTRY = "SublayerStack"
CONFIG = None
INPUT = (2, 6, 32)


def build():
    return SublayerStack()
