# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def acc():
    total = 0
    while True:
        x = yield total
        total += x


class M(nn.Module):
    def __init__(self):
        super().__init__()
        g = acc()
        g.send(None)
        g.send(3)
        w = g.send(4)
        self.a = nn.Linear(w, 2)
        try:
            acc().send(5)
            d = 1
        except TypeError:
            d = 6
        self.b = nn.Linear(d, 2)


model = M()
