# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = len(range(10, 0, -3))
        b = range(0, 10, 3)[-1]
        c = len(range(10)[::3])
        d = len(range(5, 2))
        self.a = nn.Linear(a, b)
        self.b = nn.Linear(c, d + 1)


model = M()
