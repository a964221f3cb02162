# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        big = 2**53
        a = float(big + 1) == big
        b = int(float(big + 1)) - big
        c = 10**16 + 1.0 == 10**16
        self.a = nn.Linear(1 + a * 2 + c * 4, b + 1)


model = M()
