"""Blocks collected through a `weakref.WeakSet` registry: a temporary block dropped right away leaves the set (CPython frees it at once)."""

import weakref

import torch.nn as nn

registry = weakref.WeakSet()


class Block(nn.Linear):
    def __init__(self, d_in, d_out):
        super().__init__(d_in, d_out)
        registry.add(self)


kept = [Block(8, 8), Block(8, 16)]
Block(8, 1000)  # not kept: gone from the registry
model = nn.ModuleList(sorted(registry, key=lambda m: m.out_features))
