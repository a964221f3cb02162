# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

import math


class M(nn.Module):
    def __init__(self):
        super().__init__()
        width = math.prod([2, 3, 4])
        heads = math.lcm(4, 6)
        g = math.gcd(width, 18)
        self.a = nn.Linear(width, heads)
        self.b = nn.Linear(heads, g)
        self.c = nn.Linear(math.prod([], start=5), math.isqrt(50))


model = M()
