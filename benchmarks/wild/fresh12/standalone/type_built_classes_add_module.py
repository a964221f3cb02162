"""Module classes made at run time with type(), their __init__ a closure over a width table, and
blocks attached with add_module under f-string names then looked up with getattr."""

import torch.nn as nn


def make_block_class(name, expansion):
    def __init__(self, dim):
        nn.Module.__init__(self)
        self.fc1 = nn.Linear(dim, dim * expansion)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(dim * expansion, dim)
        self.norm = nn.LayerNorm(dim)

    return type(name, (nn.Module,), {"__init__": __init__, "expansion": expansion})


BLOCKS = {name: make_block_class(name, e) for name, e in [("Narrow", 1), ("Wide", 4), ("Mid", 2)]}


class Tower(nn.Module):
    def __init__(self, dim, plan):
        super().__init__()
        self.n = len(plan)
        for i, kind in enumerate(plan):
            self.add_module(f"block_{i}_{kind.lower()}", BLOCKS[kind](dim))
        self.order = [f"block_{i}_{k.lower()}" for i, k in enumerate(plan)]
        self.head = nn.Linear(dim, 1)

    def forward(self, x):
        for name in self.order:
            x = x + getattr(self, name)(x)
        return self.head(x)


model = Tower(24, ["Narrow", "Wide", "Mid", "Wide"])
