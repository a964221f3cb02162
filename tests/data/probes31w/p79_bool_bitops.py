# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = ~True
        b = True << 3
        c = -True
        d = True + True * 3
        e = (True & 2) + (True | 2) + (True ^ True)
        self.a = nn.Linear(-a, b)
        self.b = nn.Linear(-c, d)
        self.c = nn.Linear(e + 1, 2)


model = M()
