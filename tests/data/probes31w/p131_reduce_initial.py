# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import functools
import operator


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = functools.reduce(operator.mul, [], 7)
        b = functools.reduce(lambda x, y: x * 10 + y, [1, 2], 0)
        c = functools.reduce(max, [3, 8, 2])
        self.a = nn.Linear(a, b)
        self.b = nn.Linear(c, 2)


model = M()
