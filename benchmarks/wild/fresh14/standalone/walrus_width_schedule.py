"""Widths computed with assignment expressions inside comprehensions and a while loop."""

import math

import torch.nn as nn

in_dim, target, ratio = 784, 24, 0.55

widths = [w := in_dim]
while (w := max(target, int(math.ceil(w * ratio / 8) * 8))) > target:
    widths.append(w)
widths.append(target)

layers = [m for a, b in zip(widths, widths[1:]) for m in (nn.Linear(a, b), nn.ReLU())][:-1]
if (n := len(widths)) > 4:
    layers.append(nn.LayerNorm(widths[-1]))

encoder = nn.Sequential(*layers)
decoder = nn.Sequential(*[nn.Linear(b, a) for a, b in reversed(list(zip(widths, widths[1:])))])
model = nn.ModuleDict({"encoder": encoder, "decoder": decoder})
