"""Padding from `math.remainder`, the IEEE remainder (rounds the quotient to nearest-even): remainder(14, 4) is
-2.0, not 2; the pad is taken as its absolute value plus the width."""

import math

import torch.nn as nn

w = 14
pad = int(abs(math.remainder(w, 4)))  # 14/4 = 3.5 -> 4 -> 14 - 16 = -2
pad2 = int(abs(math.remainder(10, 4)))  # 10/4 = 2.5 -> 2 -> 10 - 8 = 2
model = nn.Sequential(nn.Linear(w, w + pad), nn.ReLU(), nn.Linear(w + pad, w + pad + pad2 * 3))
