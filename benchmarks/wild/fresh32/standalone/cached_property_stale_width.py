"""functools.cached_property: computed once, so changing the field after the first read leaves it stale."""

import functools

import torch.nn as nn


class Spec:
    def __init__(self, base, mult):
        self.base = base
        self.mult = mult

    @functools.cached_property
    def hidden(self):
        return self.base * self.mult

    @property
    def live_hidden(self):
        return self.base * self.mult


spec = Spec(base=8, mult=3)
first = spec.hidden  # 24, cached
spec.mult = 5
model = nn.Sequential(
    nn.Linear(spec.base, spec.hidden),  # still 24
    nn.Linear(spec.hidden, spec.live_hidden),  # 24 -> 40
    nn.Linear(spec.live_hidden, first),
)
