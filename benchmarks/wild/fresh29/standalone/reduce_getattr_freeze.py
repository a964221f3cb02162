"""Submodules frozen by dotted path, resolved with `functools.reduce(getattr, path.split("."), model)` (a path through a Sequential index "1")."""

import functools

import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(10, 20), nn.Linear(20, 20))
        self.head = nn.Linear(20, 4)


model = Net()
for path in ("encoder.1", "head"):
    functools.reduce(getattr, path.split("."), model).requires_grad_(False)
