# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def widths():
    w = 4
    while True:
        got = yield w
        if got is not None:
            w = got
        else:
            w *= 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        g = widths()
        a = next(g)
        b = next(g)
        c = g.send(3)
        d = next(g)
        self.layers = nn.ModuleList(nn.Linear(x, 1) for x in (a, b, c, d))


model = M()
