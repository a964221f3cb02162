"""Expansion ratios given as floats, turned into exact fractions with `float.as_integer_ratio` (0.75 -> 3/4, 1.5 -> 3/2)."""

import torch.nn as nn

base = 32
layers = []
for r in (0.75, 1.5, 0.125):
    num, den = r.as_integer_ratio()
    layers.append(nn.Linear(base, base * num // den))
model = nn.ModuleList(layers)
