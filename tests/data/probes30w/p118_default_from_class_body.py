# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class A(nn.Module):
    width = 8

    def __init__(self, w=width, h=None):
        super().__init__()
        h = h or self.width
        self.l = nn.Linear(w, h)


class B(A):
    width = 32


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.b = B()


model = M()
