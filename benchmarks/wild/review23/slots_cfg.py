import torch.nn as nn


class Cfg:
    __slots__ = ("dim", "heads")

    def __init__(self, dim=8, heads=2):
        self.dim = dim
        self.heads = heads


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg(dim=6)
        try:
            c.extra = 3
            n = 3
        except AttributeError:
            n = 1
        self.l = nn.Linear(c.dim, n)
