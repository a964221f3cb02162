# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import math


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = -(-7 // 2)
        b = int(-7 / 2)
        c = math.floor(-3.5)
        d = math.trunc(-3.5)
        e = math.ceil(-3.5)
        self.a = nn.Linear(a + 10, b + 10)
        self.b = nn.Linear(c + 10, d + 10)
        self.c = nn.Linear(e + 10, 1)


model = M()
