"""fractions.Fraction(0.3) is the exact binary value (5404319552844595/18014398509481984);
.limit_denominator(10) gives 3/10: the bottleneck width is d * 3 // 10 and the group count 10 // 5."""

from fractions import Fraction

import torch.nn as nn

ratio = Fraction(0.3).limit_denominator(10)
d = 40
hidden = d * ratio.numerator // ratio.denominator  # 12
groups = ratio.denominator // 5  # 2
model = nn.Sequential(
    nn.Conv2d(d, hidden, 1),
    nn.Conv2d(hidden, hidden, 3, padding=1, groups=groups),
    nn.Conv2d(hidden, d, 1),
)
