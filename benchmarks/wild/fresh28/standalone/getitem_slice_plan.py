"""A width plan whose `__getitem__` handles ints and slices differently (a slice returns the widths doubled)."""

import torch.nn as nn


class Plan:
    def __init__(self, widths):
        self._w = list(widths)

    def __getitem__(self, key):
        if isinstance(key, slice):
            return [2 * w for w in self._w[key]]
        return self._w[key]


plan = Plan([8, 12, 20, 28, 36])
tail = plan[2:]  # [40, 56, 72]
model = nn.Sequential(
    nn.Linear(plan[0], plan[1]),
    nn.Linear(plan[1], tail[0]),
    *[nn.Linear(a, b) for a, b in zip(tail, tail[1:])],
)
