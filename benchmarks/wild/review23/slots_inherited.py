import torch.nn as nn


class Base:
    __slots__ = ("dim",)


class Cfg(Base):
    __slots__ = ("heads",)

    def __init__(self):
        self.dim = 4
        self.heads = 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        try:
            c.other = 1
            k = 5
        except AttributeError:
            k = 1
        self.l = nn.Linear(c.dim * c.heads, k)
