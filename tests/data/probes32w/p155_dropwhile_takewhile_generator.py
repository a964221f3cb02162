# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import itertools

g = (x for x in [1, 4, 6, 2, 7])
a = list(itertools.takewhile(lambda v: v < 5, g))
b = list(g)
WIDTHS = a + [len(b) + 1]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
