# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import math


class M(nn.Module):
    def __init__(self):
        super().__init__()
        inf = float("inf")
        a = min(inf, 7)
        b = math.isinf(inf - inf)
        c = math.isnan(inf - inf)
        self.a = nn.Linear(int(a), 2 + b + 3 * c)


model = M()
