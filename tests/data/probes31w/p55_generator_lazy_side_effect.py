# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

LOG = []


def gen():
    for w in (3, 5, 7):
        LOG.append(w)
        yield w


class M(nn.Module):
    def __init__(self):
        super().__init__()
        g = gen()
        first = next(g)
        self.a = nn.Linear(first, len(LOG))
        rest = list(g)
        self.b = nn.Linear(len(LOG), len(rest))


model = M()
