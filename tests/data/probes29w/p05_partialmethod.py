# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from functools import partialmethod


class Cfg:
    base = 16

    def scaled(self, mult, extra=0):
        return self.base * mult + extra

    narrow = partialmethod(scaled, 1)
    wide = partialmethod(scaled, 4, extra=2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        self.a = nn.Linear(c.narrow(), c.wide())
        self.b = nn.Linear(c.wide(), c.narrow(extra=3))


model = M()
