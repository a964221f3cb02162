from functools import cached_property

import torch.nn as nn


class Spec:
    calls = 0

    def __init__(self, base):
        self.base = base

    @cached_property
    def dim(self):
        Spec.calls += 1
        return self.base * 4


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Spec(2)
        self.a = nn.Linear(s.dim, s.dim)
        s.base = 100
        self.b = nn.Linear(s.dim, Spec.calls)
