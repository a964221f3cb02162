"""Channels double from 8 while itertools.takewhile says they stay at or under 128."""

from itertools import count, takewhile

import torch.nn as nn

channels = list(takewhile(lambda c: c <= 128, (8 * 2**i for i in count())))
layers, prev = [], 3
for c in channels:
    layers += [nn.Conv2d(prev, c, 3, stride=2, padding=1), nn.BatchNorm2d(c), nn.SiLU()]
    prev = c
model = nn.Sequential(*layers)
