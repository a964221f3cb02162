# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base:
    __slots__ = ("width",)


class Child(Base):
    pass


class Strict(Base):
    __slots__ = ("depth",)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        n = 0
        for cls in (Base, Child, Strict):
            obj = cls()
            try:
                obj.extra = 1
                n += 10
            except AttributeError:
                n += 1
        self.a = nn.Linear(n, 2)


model = M()
