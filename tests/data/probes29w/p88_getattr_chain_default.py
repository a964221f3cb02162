# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Inner:
    depth = 3


class Cfg:
    inner = Inner()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        d = getattr(getattr(c, "inner", None), "depth", 1)
        e = getattr(getattr(c, "outer", None), "depth", 1)
        self.blocks = nn.ModuleList(nn.Linear(4, 4) for _ in range(d + e))


model = M()
