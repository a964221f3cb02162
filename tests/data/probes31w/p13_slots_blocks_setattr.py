# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    __slots__ = ("width",)

    def __init__(self):
        self.width = 4


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        try:
            c.depth = 3
            d = c.depth
        except AttributeError:
            d = 7
        self.a = nn.Linear(c.width, d)


model = M()
