"""inspect.getmembers with a predicate lists a class's members sorted by name: every method whose name
starts with "head_" builds one output head; the sort order (alphabetical, not definition order) fixes
the ModuleList order; an attribute that is not a function is skipped by the predicate."""

import inspect

import torch.nn as nn


class Heads:
    head_zeta = 3  # not a function

    def head_box(self, d):
        return nn.Linear(d, 4)

    def head_cls(self, d):
        return nn.Linear(d, 10)

    def head_aux(self, d):
        return nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, 2))


builders = [
    fn
    for name, fn in inspect.getmembers(Heads(), predicate=inspect.ismethod)
    if name.startswith("head_")
]
model = nn.ModuleList(fn(16) for fn in builders)
