"""A layer string with mixed case ("Conv16 CONV32 linear10") normalised with `casefold`, digits split off by `isdigit`."""

import torch.nn as nn

SPEC = "Conv16 CONV32 pool linear10"

layers, ch, flat = [], 1, None
for token in SPEC.casefold().split():
    kind = "".join(c for c in token if not c.isdigit())
    num = "".join(c for c in token if c.isdigit())
    if kind == "conv":
        layers.append(nn.Conv2d(ch, int(num), 3))
        ch = int(num)
    elif kind == "pool":
        layers += [nn.AdaptiveAvgPool2d(2), nn.Flatten()]
        flat = ch * 4
    elif kind == "linear":
        layers.append(nn.Linear(flat, int(num)))
model = nn.Sequential(*layers)
