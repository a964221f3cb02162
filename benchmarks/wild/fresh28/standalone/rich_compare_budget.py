"""Layers kept by a Budget whose `__ge__` / `__le__` / `__ne__` compare parameter costs, not widths."""

import torch.nn as nn


class Budget:
    def __init__(self, params):
        self.params = params

    def __ge__(self, layer_dims):
        a, b = layer_dims
        return self.params >= a * b + b

    def __le__(self, layer_dims):
        return not self.__ge__(layer_dims)

    def __ne__(self, other):
        return True


budget = Budget(2000)
candidates = [(16, 64), (64, 64), (64, 16), (16, 100)]
kept = [c for c in candidates if budget >= c]
over = [c for c in candidates if budget <= c]
model = nn.ModuleDict(
    {
        "kept": nn.ModuleList(nn.Linear(a, b) for a, b in kept),
        "probe": nn.Linear(len(over), 3) if budget != budget else nn.Identity(),
    }
)
