# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = int(float("1e1"))
        b = int(2.9999999999999999)
        c = int(-2.7)
        try:
            d = int("3.0")
        except ValueError:
            d = 11
        self.a = nn.Linear(a, b)
        self.b = nn.Linear(-c, d)


model = M()
