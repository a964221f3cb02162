# bottleneck widths from fractions.Fraction ratios (exact, then int)
from fractions import Fraction

import torch.nn as nn

ratios = [Fraction(1, 4), Fraction(1, 2), Fraction(3, 4)]
base = 256
model = nn.ModuleList(
    nn.Sequential(nn.Conv2d(base, int(base * r), 1), nn.ReLU(), nn.Conv2d(int(base * r), base, 1))
    for r in ratios
)
