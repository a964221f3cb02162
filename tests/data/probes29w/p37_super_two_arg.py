# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)


class Mid(Base):
    def __init__(self):
        super().__init__()
        self.b = nn.Linear(32, 32)


class Mixin:
    def extra(self):
        return 6


class M(Mixin, Mid):
    def __init__(self):
        super(Mid, self).__init__()
        self.c = nn.Linear(self.extra(), 2)


model = M()
