# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Meta(type):
    count = 0

    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        Meta.count += 1
        cls.index = Meta.count
        return cls


class A(metaclass=Meta):
    pass


class B(A):
    pass


class C(B):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Meta.count * 4, 2)
        self.b = nn.Linear(B.index * 8, 3)


model = M()
