# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def g():
    yield from [1, 2, 3, 4, 5]


it = g()
pairs = list(zip(it, [10, 20]))
rest = list(it)
WIDTHS = [a + b for a, b in pairs] + rest


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
