# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Meta(type):
    def __call__(cls, *args, **kw):
        obj = super().__call__(*args, **kw)
        obj.width += 1
        return obj


class Cfg(metaclass=Meta):
    def __init__(self):
        self.width = 4


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Cfg().width, 2)


model = M()
