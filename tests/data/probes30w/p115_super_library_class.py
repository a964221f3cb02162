# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Bare(nn.Linear):
    def __init__(self):
        super(nn.Linear, self).__init__()
        self.extra = nn.Linear(4, 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.b = Bare()
        self.k = nn.Linear(2, 2)


model = M()
