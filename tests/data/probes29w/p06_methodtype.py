# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

import types


class Cfg:
    base = 12

    def width(self):
        return self.base


def doubled(self):
    return self.base * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        before = c.width()
        c.width = types.MethodType(doubled, c)
        self.a = nn.Linear(before, c.width())
        self.b = nn.Linear(Cfg().width(), 3)


model = M()
