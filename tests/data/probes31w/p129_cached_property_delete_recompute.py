# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import functools


class Cfg:
    def __init__(self):
        self.base = 3

    @functools.cached_property
    def width(self):
        return self.base * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        a = c.width
        c.base = 5
        b = c.width
        del c.width
        d = c.width
        self.layers = nn.ModuleList(nn.Linear(x, 1) for x in (a, b, d))


model = M()
