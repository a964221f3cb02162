# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Small:
    width = 8

    def __init__(self):
        self.depth = 2


class Large(Small):
    width = 96


class A(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(4, 4)


class B(A):
    def extra(self):
        return 32


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Small()
        setattr(s, "__class__", Large)
        self.a = nn.Linear(s.width, s.depth)
        a = A()
        a.__class__ = B
        self.a2 = a
        self.b = nn.Linear(a.extra(), 2)
        self.c = nn.Linear(type(s).width, 2 if isinstance(s, Large) else 50)


model = M()
