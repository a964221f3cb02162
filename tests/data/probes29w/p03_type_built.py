# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base:
    width = 8

    def out(self):
        return self.width * 2


Wide = type("Wide", (Base,), {"width": 48})
Tall = type("Tall", (Wide,), {"out": lambda self: self.width + 1})


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Wide().width, Wide().out())
        self.b = nn.Linear(Tall().width, Tall().out())


model = M()
