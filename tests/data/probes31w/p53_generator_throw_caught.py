# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def widths():
    w = 2
    while True:
        try:
            yield w
            w += 1
        except ValueError:
            w *= 10


class M(nn.Module):
    def __init__(self):
        super().__init__()
        g = widths()
        a = next(g)
        b = g.throw(ValueError)
        c = next(g)
        self.layers = nn.ModuleList(nn.Linear(x, 1) for x in (a, b, c))


model = M()
