# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Branch:
    registry = []

    def __init_subclass__(cls, width=8, **kw):
        super().__init_subclass__(**kw)
        Branch.registry.append(width * len(Branch.registry) + width)


class A(Branch, width=4):
    pass


class B(Branch):
    pass


class C(B, width=2):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        r = Branch.registry
        self.a = nn.Linear(len(r), 1)
        self.b = nn.Linear(r[0], 1)
        self.c = nn.Linear(r[1], 1)
        self.d = nn.Linear(r[2], 1)


model = M()
