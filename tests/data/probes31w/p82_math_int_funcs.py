# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import math


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(math.isqrt(50), math.comb(5, 2))
        self.b = nn.Linear(math.perm(4, 2), math.gcd(12, 18, 27))
        self.c = nn.Linear(math.lcm(4, 6), int(math.log2(64)))


model = M()
