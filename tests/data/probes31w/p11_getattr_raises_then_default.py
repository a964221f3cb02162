# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    def __init__(self):
        self.known = {"width": 7}

    def __getattr__(self, name):
        if name == "known":
            raise AttributeError(name)
        try:
            return self.known[name]
        except KeyError:
            raise AttributeError(name)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        self.a = nn.Linear(c.width, getattr(c, "depth", 9))
        self.b = nn.Linear(4, 2) if hasattr(c, "heads") else nn.Linear(4, 6)


model = M()
