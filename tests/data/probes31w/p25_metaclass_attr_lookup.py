# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Meta(type):
    width = 9

    @property
    def depth(cls):
        return 4


class Cfg(metaclass=Meta):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Cfg.width, Cfg.depth)
        self.b = nn.Linear(3, 2) if hasattr(Cfg(), "width") else nn.Linear(3, 7)


model = M()
