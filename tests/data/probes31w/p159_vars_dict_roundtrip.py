# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    def __init__(self, **kw):
        self.width = 4
        self.__dict__.update(kw)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg(width=6, depth=2)
        d = Cfg(**vars(c))
        self.layers = nn.ModuleList(nn.Linear(d.width, 1) for _ in range(d.depth))


model = M()
