# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

import sys

WIDTH = 8
sys.modules[__name__].__dict__["WIDTH"] = 48


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(WIDTH, 4)


model = M()
