"""A functools.cache'd width helper with a side effect: 1, 1.0 and True hash equal, so the later calls get the first call's cached width."""

import functools

from torch import nn

calls = []


@functools.cache
def stage_width(mult):
    calls.append(mult)
    return 16 * len(calls)


widths = [
    stage_width(1),
    stage_width(1.0),
    stage_width(True),
    stage_width(2),
    stage_width(3),
    stage_width(2),
]
layers, d = [], 8
for w in widths:
    layers.append(nn.Linear(d, w))
    d = w
model = nn.Sequential(*layers)
