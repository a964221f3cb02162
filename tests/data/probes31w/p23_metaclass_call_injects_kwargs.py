# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Meta(type):
    def __call__(cls, *args, **kw):
        kw.setdefault("width", 12)
        return super().__call__(*args, **kw)


class Cfg(metaclass=Meta):
    def __init__(self, width=3):
        self.width = width


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Cfg().width, 2)
        self.b = nn.Linear(Cfg(width=5).width, 2)


model = M()
