# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    width = 8

    def __init__(self):
        self.width = 32


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        self.a = nn.Linear(c.width, 2)
        del c.width
        self.b = nn.Linear(c.width, 2)
        c.width = 4
        self.c = nn.Linear(type(c).width, c.width)


model = M()
