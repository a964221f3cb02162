import torch.nn as nn


class Base:
    pass


class Cfg(Base):
    __slots__ = ("dim",)

    def __init__(self):
        self.dim = 4


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        c.extra = 6
        self.l = nn.Linear(c.dim, c.extra)
