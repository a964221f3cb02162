# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def g():
    yield 2
    next(iter([]))
    yield 3


try:
    WIDTHS = list(g())
except RuntimeError:
    WIDTHS = [5, 6]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
