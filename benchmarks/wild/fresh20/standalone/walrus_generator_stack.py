"""Widths produced by a generator; layers appended while the walrus keeps the running width."""

import torch.nn as nn


def halving(start, floor):
    w = start
    while (w := w // 2) >= floor:
        yield w


layers, prev = [], 256
for w in halving(256, 16):
    layers += [nn.Linear(prev, w), nn.SiLU()]
    prev = w
if (extra := prev // 4) > 2:
    layers.append(nn.Linear(prev, extra))
model = nn.Sequential(nn.Linear(48, 256), *layers)
