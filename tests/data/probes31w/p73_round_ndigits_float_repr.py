# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = round(2.675, 2)
        b = round(0.125, 2)
        c = round(1234, -2)
        d = round(1250, -2)
        self.a = nn.Linear(int(a * 100), int(b * 100))
        self.b = nn.Linear(c // 100, d // 100)


model = M()
