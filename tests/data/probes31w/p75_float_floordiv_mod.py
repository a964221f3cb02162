# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = 7.5 // 2
        b = -7.5 // 2
        c = 7.5 % 2
        d = -7 % 2.5
        self.a = nn.Linear(int(a), int(-b))
        self.b = nn.Linear(int(c * 2), int(d * 2))


model = M()
