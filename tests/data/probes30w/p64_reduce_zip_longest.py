# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
from functools import reduce
from itertools import zip_longest

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        prod = reduce(lambda a, b: a * b, [], 3)
        self.a = nn.Linear(prod, reduce(lambda a, b: a - b, [20, 4, 2]))
        pairs = list(zip_longest([8, 16], [2], fillvalue=5))
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in pairs)
        self.s = nn.Linear(len(sum([[1], [2, 3]], [])), 2)


model = M()
