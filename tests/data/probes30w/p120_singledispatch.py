# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
from functools import singledispatch

import torch.nn as nn


@singledispatch
def width(x):
    return 2


@width.register
def _(x: int):
    return x * 2


@width.register(str)
def _(x):
    return len(x)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(width(4), width("abc"))
        self.b = nn.Linear(width(2.5), width(True))


model = M()
