# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base:
    width = 4


class Child(Base):
    @property
    def width(self):
        return 9


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Child().width, Base().width)
        try:
            c = Child()
            c.width = 3
            w = c.width
        except AttributeError:
            w = 7
        self.b = nn.Linear(w, 2)


model = M()
