# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = pow(3, -1, 7)
        b = pow(2, 10, 1000)
        c = 2**-1
        d = (-8) ** (1 / 3)
        self.a = nn.Linear(a, b // 10)
        self.b = nn.Linear(int(c * 8), 2 if isinstance(d, complex) else 3)


model = M()
