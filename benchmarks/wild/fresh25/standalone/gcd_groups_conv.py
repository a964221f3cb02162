"""Grouped convolutions whose groups are math.gcd(in_channels, out_channels)."""

import math

import torch.nn as nn

pairs = [(12, 18), (18, 30), (30, 45), (45, 8)]
model = nn.Sequential(*[nn.Conv2d(i, o, 3, padding=1, groups=math.gcd(i, o)) for i, o in pairs])
