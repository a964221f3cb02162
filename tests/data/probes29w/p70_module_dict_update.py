# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import sys

import torch.nn as nn

WIDTH = 8
DEPTH = 1
vars(sys.modules[__name__]).update(DEPTH=3)
for k in ("WIDTH",):
    sys.modules[__name__].__dict__[k] = 40


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.ModuleList(nn.Linear(WIDTH, 4) for _ in range(DEPTH))


model = M()
