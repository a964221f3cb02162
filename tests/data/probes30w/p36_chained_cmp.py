# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        w = 8
        self.a = nn.Linear(4, 4) if 0 < w <= 8 != 6 else nn.Linear(4, 9)
        self.b = nn.Linear(3, 3) if 1 < 3 > 2 else nn.Linear(3, 11)
        self.c = nn.Linear(2, 2) if not 1 < 2 < 1 else nn.Linear(2, 13)
        self.d = nn.Linear(5, 5) if 2 == 2.0 == True + 1 else nn.Linear(5, 17)
        self.e = nn.Linear(6, 6) if (1 < 2) < 1 else nn.Linear(6, 19)


model = M()
