# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    width = 8

    def __getattr__(self, name):
        return 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        self.a = nn.Linear(c.width, c.depth)
        self.b = nn.Linear(4, 4) if hasattr(c, "anything") else nn.Linear(4, 9)
        self.c = nn.Linear(getattr(c, "heads", 16), 3)


model = M()
