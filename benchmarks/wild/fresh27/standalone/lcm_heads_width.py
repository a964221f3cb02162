"""The attention width is the least common multiple of two head counts times a per-head size (`math.lcm`)."""

import math

import torch.nn as nn

heads_a, heads_b, per_head = 4, 6, 2
dim = math.lcm(heads_a, heads_b) * per_head
model = nn.ModuleDict(
    {
        "a": nn.MultiheadAttention(dim, heads_a, bias=False),
        "b": nn.MultiheadAttention(dim, heads_b),
        "ff": nn.Linear(dim, 2 * dim),
    }
)
