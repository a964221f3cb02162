"""Stage widths from exact Fraction ratios of a base width (3/4, 5/4, 3/2), rounded down to multiples of 8."""

from fractions import Fraction

from torch import nn

BASE = 48
RATIOS = [Fraction(1), Fraction(3, 4), Fraction(5, 4), Fraction(3, 2)]


def round8(x):
    return max(8, int(x) // 8 * 8)


widths = [round8(BASE * r) for r in RATIOS]
stages = []
cin = 3
for w in widths:
    stages.append(
        nn.Sequential(
            nn.Conv2d(cin, w, 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(w), nn.Hardswish()
        )
    )
    cin = w
model = nn.Sequential(*stages, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, 10))
