"""Zoo: an MLP whose layers come from a list of widths through a ModuleList comprehension."""

import torch.nn as nn
import torch.nn.functional as F


class DeepMLP(nn.Module):
    def __init__(self, widths=(32, 64, 64, 64, 8), bias=True):
        super().__init__()
        pairs = list(zip(widths[:-1], widths[1:]))
        self.layers = nn.ModuleList([nn.Linear(a, b, bias=bias) for a, b in pairs])

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i < len(self.layers) - 1:
                x = F.gelu(x)
        return x


ENTRY = "DeepMLP"
CONFIG = None
INPUT = (2, 32)


def build():
    return DeepMLP()
