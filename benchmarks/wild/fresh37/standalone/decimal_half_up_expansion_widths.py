# expansion widths rounded half-up with decimal (not Python's round, which goes to even)
from decimal import ROUND_HALF_UP, Decimal

import torch.nn as nn


def expand(c, ratio):
    return int((Decimal(c) * Decimal(str(ratio))).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


blocks = []
for c, r in [(25, 2.5), (27, 1.5), (45, 0.5), (33, 4.5)]:
    mid = expand(c, r)
    blocks.append(
        nn.Sequential(
            nn.Conv2d(c, mid, 1),
            nn.ReLU6(),
            nn.Conv2d(mid, mid, 3, padding=1, groups=mid),
            nn.Conv2d(mid, c, 1),
        )
    )
model = nn.ModuleList(blocks)
