"""A depth multiplier split with `math.modf`: 2.75 gives (0.75, 2.0); the integer part sets the number of full
blocks and the fractional part the width of one extra, thinner block."""

import math

import torch.nn as nn

frac, whole = math.modf(2.75)
width = 32
blocks = [nn.Linear(width, width) for _ in range(int(whole))]
thin = int(width * frac)  # 24
blocks += [nn.Linear(width, thin), nn.Linear(thin, width)]
model = nn.Sequential(*blocks)
