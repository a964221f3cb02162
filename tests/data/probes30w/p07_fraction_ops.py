# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import math
from fractions import Fraction

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ratio = Fraction(3, 4)
        self.a = nn.Linear(int(ratio * 32), 2)
        self.b = nn.Linear(math.ceil(Fraction(7, 2)), 2)
        third = Fraction("1/3")
        self.c = nn.Linear(int(third * 48), 2)
        self.d = nn.Linear(Fraction(10, 4).denominator, 3)


model = M()
