# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import math


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = 0.1 + 0.2 == 0.3
        b = math.isclose(0.1 + 0.2, 0.3)
        c = 0.1 * 3 == 0.3
        d = 1.1 + 2.2
        self.a = nn.Linear(1 + a * 2 + b * 4 + c * 8, 2)
        self.b = nn.Linear(int(d * 10), 2)


model = M()
