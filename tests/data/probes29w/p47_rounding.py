# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(round(0.5 * 5), int(-2.5) + 5)
        self.b = nn.Linear(-7 // 2 + 10, -7 % 3 + 1)
        self.c = nn.Linear(round(45, -1), divmod(17, 5)[1])


model = M()
