# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    width = 8
    depth = 2

    def __getattribute__(self, name):
        if name == "width":
            return 5
        return object.__getattribute__(self, name)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        self.a = nn.Linear(c.width, c.depth)
        self.b = nn.Linear(Cfg.width, 3)


model = M()
