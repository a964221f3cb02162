# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    @property
    def width(self):
        raise AttributeError("no width yet")

    @property
    def depth(self):
        return 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        w = c.width if hasattr(c, "width") else 13
        self.a = nn.Linear(w, c.depth)


model = M()
