# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = [1]
        a = 1 in xs == True
        b = (1 in xs) == True
        c = 1 < 3 > 2
        d = 2 == 2 is not None
        n = a * 1 + b * 2 + c * 4 + d * 8
        self.a = nn.Linear(n + 1, 2)


model = M()
