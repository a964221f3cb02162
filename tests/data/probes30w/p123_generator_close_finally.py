# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

LOG = []


def widths():
    try:
        yield 4
        yield 8
        yield 16
    finally:
        LOG.append("closed")


class M(nn.Module):
    def __init__(self):
        super().__init__()
        g = widths()
        a = next(g)
        g.close()
        self.a = nn.Linear(a, len(LOG) + 1)
        rest = list(g)
        self.b = nn.Linear(len(rest) + 2, 2)


model = M()
