# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    def __init__(self):
        self._w = 4

    @property
    def width(self):
        return self._w

    @width.setter
    def width(self, v):
        self._w = min(v, 12)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        c.width = 50
        self.a = nn.Linear(c.width, 2)
        c.width = 7
        self.b = nn.Linear(c.width, 2)


model = M()
