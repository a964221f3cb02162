"""Layers chained with a custom >> operator that builds a growing Sequential (a DSL used by some research code)."""

import torch.nn as nn


class Pipe:
    def __init__(self, *mods):
        self.mods = list(mods)

    def __rshift__(self, other):
        if isinstance(other, Pipe):
            return Pipe(*self.mods, *other.mods)
        return Pipe(*self.mods, other)

    def build(self):
        return nn.Sequential(*self.mods)


shared_norm = nn.BatchNorm2d(16)
block = Pipe(nn.Conv2d(3, 16, 3, padding=1)) >> shared_norm >> nn.ReLU()
tail = Pipe(nn.Conv2d(16, 16, 3, padding=1)) >> shared_norm >> nn.ReLU() >> nn.Conv2d(16, 4, 1)
model = (block >> tail).build()
