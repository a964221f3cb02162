# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Doubled:
    def __set_name__(self, owner, name):
        self.key = "_" + name

    def __get__(self, obj, owner):
        if obj is None:
            return self
        return getattr(obj, self.key)

    def __set__(self, obj, value):
        setattr(obj, self.key, value * 2)


class Cfg:
    width = Doubled()

    def __init__(self):
        self.width = 6


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        self.a = nn.Linear(c.width, 2)
        c.__dict__["width"] = 100
        self.b = nn.Linear(c.width, 2)


model = M()
