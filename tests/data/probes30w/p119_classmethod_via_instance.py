# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base(nn.Module):
    width = 4

    def __init__(self):
        super().__init__()
        self.l = nn.Linear(self.width, 2)

    @classmethod
    def make(cls):
        return cls()

    def clone(self):
        return type(self)()


class Wide(Base):
    width = 16


class M(nn.Module):
    def __init__(self):
        super().__init__()
        w = Wide()
        self.a = w.make()
        self.b = w.clone()
        self.c = nn.Linear(len(type(w).__name__), 2)


model = M()
