# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Branch:
    registry = []

    def __init_subclass__(cls, width=8, **kw):
        super().__init_subclass__(**kw)
        Branch.registry.append((cls.__name__, width * len(Branch.registry) + width))


class A(Branch, width=4):
    pass


class B(Branch):
    pass


class C(B, width=2):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.branches = nn.ModuleDict({n: nn.Linear(w, 1) for n, w in Branch.registry})


model = M()
