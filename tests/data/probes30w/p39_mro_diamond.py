# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class A:
    width = 4


class B(A):
    pass


class C(A):
    width = 16


class D(B, C):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(D.width, 2)
        self.b = nn.Linear(len(D.__mro__), 3)


model = M()
