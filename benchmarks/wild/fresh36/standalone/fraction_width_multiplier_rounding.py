# width multiplier as a Fraction; round() of an exact .5 rounds half to even
from fractions import Fraction

import torch.nn as nn

mult = Fraction(3, 4)
base = [18, 42, 90, 170]
widths = [round(c * mult) for c in base]  # 13.5 -> 14, 31.5 -> 32, 67.5 -> 68, 127.5 -> 128


def make_divisible(v, d=4):
    return max(d, int(v + d / 2) // d * d)


chans = [make_divisible(w) for w in widths]

layers, cin = [], 3
for c in chans:
    layers += [nn.Conv2d(cin, c, 3, 2, 1, bias=False), nn.BatchNorm2d(c), nn.Hardswish()]
    cin = c
model = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, 1000))
