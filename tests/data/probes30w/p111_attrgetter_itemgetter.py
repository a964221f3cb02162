# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import operator

import torch.nn as nn


class Cfg:
    def __init__(self):
        self.w = 8
        self.h = 4
        self.inner = self
        self.sizes = [2, 6, 10]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        w, h = operator.attrgetter("w", "inner.h")(c)
        a, b = operator.itemgetter(0, -1)(c.sizes)
        self.a = nn.Linear(w, h)
        self.b = nn.Linear(a, b)


model = M()
