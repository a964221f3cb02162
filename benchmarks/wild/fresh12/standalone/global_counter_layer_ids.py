"""Layers numbered by a module-level counter mutated with the `global` keyword; every third layer
created gets a wider hidden size, and a registry dict keyed by the id keeps the layers (the model
holds only some of them)."""

import torch.nn as nn

_NEXT_ID = 0
REGISTRY = {}


def new_layer(dim):
    global _NEXT_ID
    _NEXT_ID += 1
    hidden = dim * (4 if _NEXT_ID % 3 == 0 else 2)
    layer = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))
    REGISTRY[_NEXT_ID] = layer
    return layer


warmup = [new_layer(16) for _ in range(2)]


class Net(nn.Module):
    def __init__(self, dim=16, depth=5):
        super().__init__()
        self.layers = nn.ModuleList(new_layer(dim) for _ in range(depth))
        self.first_id = _NEXT_ID - depth + 1
        self.out = nn.Linear(dim, 2)


model = Net()
