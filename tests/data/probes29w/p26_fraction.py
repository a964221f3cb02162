# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

import math
from fractions import Fraction


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ratio = Fraction(3, 4)
        width = int(ratio * 64)
        third = Fraction("1/3")
        self.a = nn.Linear(width, math.ceil(third * 20))
        self.b = nn.Linear(int(Fraction(7, 2)), (ratio + third).denominator)


model = M()
