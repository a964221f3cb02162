# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    def __init__(self):
        self._w = 20

    @property
    def width(self):
        return getattr(self, "_w", 6)

    @width.deleter
    def width(self):
        del self._w


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        self.a = nn.Linear(c.width, 2)
        del c.width
        self.b = nn.Linear(c.width, 2)


model = M()
