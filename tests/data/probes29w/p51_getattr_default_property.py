# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    @property
    def width(self):
        raise AttributeError("not set")

    depth = 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        self.a = nn.Linear(getattr(c, "width", 12), 2)
        self.b = nn.Linear(8, 2) if hasattr(c, "width") else nn.Linear(40, 2)


model = M()
