# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base:
    def __init_subclass__(cls, width=4, **kw):
        super().__init_subclass__(**kw)
        cls.width = width


class A(Base, width=10):
    pass


class B(A):
    pass


class C(Base):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(k.width, 1) for k in (A, B, C))


model = M()
