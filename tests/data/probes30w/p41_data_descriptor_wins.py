# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    def __init__(self):
        self.__dict__["width"] = 64
        self.__dict__["depth"] = 3

    @property
    def width(self):
        return 8

    def depth(self):
        return 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        self.a = nn.Linear(c.width, 2)
        self.b = nn.ModuleList(nn.Linear(4, 4) for _ in range(c.depth))


model = M()
