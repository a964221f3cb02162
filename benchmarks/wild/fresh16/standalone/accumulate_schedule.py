"""Channel / depth schedules from itertools.accumulate, bisect and divmod (a stage-lookup design)."""

import bisect
import itertools
import math
import operator

import torch.nn as nn

depths = [2, 2, 3]
stage_ends = list(itertools.accumulate(depths))  # [2, 4, 7]
widths = list(itertools.accumulate([16, 2, 2], operator.mul))  # [16, 32, 64]
n_blocks = stage_ends[-1]


def width_of(block_idx):
    return widths[bisect.bisect_right(stage_ends, block_idx)]


layers = []
c = 1
for i in range(n_blocks):
    w = width_of(i)
    layers.append(nn.Conv2d(c, w, 3, padding=1))
    c = w
q, r = divmod(c, 3)
hidden = math.prod([q, 2]) + r
model = nn.Sequential(
    *layers, nn.Flatten(), nn.LazyLinear(hidden) if False else nn.Linear(c * 4, hidden)
)
