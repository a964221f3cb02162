"""A `for ... else` search: the first width that divides by the head count wins; the else branch supplies a fallback."""

import torch.nn as nn


def pick(candidates, heads):
    for c in candidates:
        if c % heads == 0:
            break
    else:
        c = heads * 8
    return c


a = pick([30, 36, 48], heads=4)  # 36
b = pick([30, 50, 70], heads=4)  # no hit -> 32
model = nn.ModuleList(
    [nn.MultiheadAttention(a, num_heads=4), nn.MultiheadAttention(b, num_heads=4), nn.Linear(a, b)]
)
