# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import functools

import torch.nn as nn


class Cfg:
    def __init__(self):
        self.base = 8

    @functools.cached_property
    def width(self):
        return self.base * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        first = c.width
        c.base = 100
        self.a = nn.Linear(first, c.width)
        del c.width
        self.b = nn.Linear(c.width // 10, 2)


model = M()
