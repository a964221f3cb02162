"""Layer specs ordered with functools.total_ordering (only __eq__ and __lt__ written) and sorted before chaining."""

import functools

import torch.nn as nn


@functools.total_ordering
class Spec:
    def __init__(self, width, stage):
        self.width = width
        self.stage = stage

    def __eq__(self, other):
        return (self.stage, self.width) == (other.stage, other.width)

    def __lt__(self, other):
        return (self.stage, -self.width) < (other.stage, -other.width)


specs = [Spec(32, 2), Spec(96, 1), Spec(64, 1), Spec(16, 3), Spec(48, 2)]
mods = []
prev = 10
for s in sorted(specs):
    mods += [nn.Linear(prev, s.width), nn.Tanh()]
    prev = s.width
model = nn.Sequential(*mods)
