# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base:
    width = 1

    def __init_subclass__(cls, width=4, **kw):
        super().__init_subclass__(**kw)
        cls.width = width * 2


class Small(Base):
    pass


class Big(Base, width=16):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Small.width, Big.width)
        self.b = nn.Linear(Base.width + 1, 2)


model = M()
