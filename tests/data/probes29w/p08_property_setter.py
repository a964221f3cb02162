# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    def __init__(self):
        self._width = 8

    @property
    def width(self):
        return self._width

    @width.setter
    def width(self, value):
        self._width = max(value, 16) * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        c.width = 10
        self.a = nn.Linear(c.width, 4)
        c.width = 40
        self.b = nn.Linear(c.width, 4)


model = M()
