# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class A:
    def width(self):
        return 2


class B(A):
    def width(self):
        return super().width() * 3


class C(A):
    def width(self):
        return super().width() + 5


class D(B, C):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(D().width(), 2)


model = M()
