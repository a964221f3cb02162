# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class A:
    w = 4
    h = w * 2


class B(A):
    w = 16


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(B.w, B.h)


model = M()
