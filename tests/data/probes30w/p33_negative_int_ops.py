# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import math

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(abs(int(-3.7)) + 1, abs(math.floor(-3.5)))
        self.b = nn.Linear(abs(-7 // 2), -7 % 3)
        q, r = divmod(-7, 2)
        self.c = nn.Linear(abs(q), r + 1)
        self.d = nn.Linear(abs(7 % -3) + 2, abs(int(-0.9)) + 1)


model = M()
