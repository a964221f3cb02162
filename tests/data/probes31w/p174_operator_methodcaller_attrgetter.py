# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import operator


class Cfg:
    def __init__(self):
        self.inner = type("I", (), {"width": 6})()

    def size(self, k):
        return k * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        a = operator.methodcaller("size", 3)(c)
        b = operator.attrgetter("inner.width")(c)
        self.a = nn.Linear(a, b)


model = M()
