"""A layer table with its own `__delitem__`: deleting a name also drops the layer that follows it."""

import torch.nn as nn


class Plan:
    def __init__(self, entries):
        self.entries = list(entries)

    def __delitem__(self, name):
        idx = [n for n, _ in self.entries].index(name)
        del self.entries[idx : idx + 2]

    def __iter__(self):
        return iter(self.entries)


plan = Plan([("stem", 32), ("a", 48), ("b", 64), ("c", 64), ("d", 96), ("head", 10)])
del plan["b"]

prev, layers = 16, []
for _name, width in plan:
    layers.append(nn.Linear(prev, width))
    prev = width
model = nn.Sequential(*layers)
