# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        n = int("1000")
        m = int("10" + "00")
        self.a = nn.Linear(n // 100, 2) if n is m else nn.Linear(3, 2)
        small = int("7")
        self.b = nn.Linear(small, 5)


model = M()
