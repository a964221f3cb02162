# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import functools


def f(a, b, c=1):
    return a * 10 + b + c


g = functools.partial(f, 2)
h = functools.partial(g, c=5)
WIDTHS = [g(3), h(1), h(1, c=0)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
