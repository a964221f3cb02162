# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import operator

import torch.nn as nn


class Depth:
    def __init__(self, n):
        self.n = n

    def __index__(self):
        return self.n + 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = Depth(2)
        self.blocks = nn.ModuleList(nn.Linear(4, 4) for _ in range(d))
        ws = [8, 16, 32, 64]
        self.a = nn.Linear(ws[d], operator.index(d))


model = M()
