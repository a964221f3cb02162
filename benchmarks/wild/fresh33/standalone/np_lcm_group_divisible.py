"""Channel counts rounded up to a multiple of np.lcm.reduce(heads, groups) so both divide them."""

import math

import numpy as np
from torch import nn

specs = [(18, 4, 3), (50, 6, 4), (7, 2, 5)]  # (wanted channels, heads, groups)
mods = []
for want, heads, groups in specs:
    m = int(np.lcm.reduce([heads, groups]))
    c = math.ceil(want / m) * m
    mods.append(
        nn.ModuleDict({"norm": nn.GroupNorm(groups, c), "attn": nn.MultiheadAttention(c, heads)})
    )
model = nn.ModuleList(mods)
