# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        x = float("nan")
        a = x in [x]
        b = x == x
        c = float("nan") in [x]
        d = max(x, 3)
        self.a = nn.Linear(1 + a * 2 + b * 4 + c * 8, 2)
        self.b = nn.Linear(3 if d != d else 5, 2)


model = M()
