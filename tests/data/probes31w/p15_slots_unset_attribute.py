# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    __slots__ = ("width", "depth")

    def __init__(self):
        self.width = 6


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        d = getattr(c, "depth", 5)
        self.a = nn.Linear(c.width, d)
        self.b = nn.Linear(len(Cfg.__slots__), 2)


model = M()
