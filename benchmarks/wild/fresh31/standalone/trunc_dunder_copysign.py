"""A number class whose __trunc__ rounds up to a multiple of 4 (math.trunc calls it: 16), and math.copysign
taking the sign of a negative zero: copysign(3, -0.0) is -3.0, so the last layer is 16 - 3 wide."""

import math

import torch.nn as nn


class Width:
    def __init__(self, v):
        self.v = v

    def __trunc__(self):
        return -(-int(self.v) // 4) * 4


hidden = math.trunc(Width(13.7))  # 16
shrink = int(math.copysign(3, -0.0))  # -3
model = nn.Sequential(nn.Linear(7, hidden), nn.SiLU(), nn.Linear(hidden, hidden + shrink))
