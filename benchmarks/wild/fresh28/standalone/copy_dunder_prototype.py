"""Blocks cloned from a prototype with `copy.copy`: the spec's `__copy__` returns a copy with a halved width."""

import copy

import torch.nn as nn


class Spec:
    def __init__(self, width, depth):
        self.width, self.depth = width, depth

    def __copy__(self):
        return Spec(self.width // 2, self.depth)


class Pyramid(nn.Module):
    def __init__(self, proto, levels, d_in):
        super().__init__()
        specs = [proto]
        for _ in range(levels - 1):
            specs.append(copy.copy(specs[-1]))
        blocks, prev = [], d_in
        for s in specs:
            for _ in range(s.depth):
                blocks.append(nn.Linear(prev, s.width))
                prev = s.width
        self.blocks = nn.Sequential(*blocks)


model = Pyramid(Spec(width=64, depth=2), levels=3, d_in=20)
