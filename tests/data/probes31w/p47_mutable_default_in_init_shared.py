# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    def __init__(self, sizes=[]):
        self.sizes = sizes
        self.sizes.append(4)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = Cfg()
        b = Cfg()
        c = Cfg([7])
        self.layers = nn.ModuleList(nn.Linear(s, 1) for s in a.sizes + c.sizes)


model = M()
