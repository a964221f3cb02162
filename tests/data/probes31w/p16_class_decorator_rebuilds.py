# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def widen(cls):
    return type(cls.__name__, (cls,), {"width": cls.width * 3})


@widen
class Cfg:
    width = 4


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Cfg.width, 2)
        self.b = nn.Linear(Cfg.__mro__[1].width, 2)


model = M()
