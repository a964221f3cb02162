# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import functools
import operator

WIDTHS = [
    len(functools.reduce(operator.add, ["a", "bb"], "xyz")),
    len(functools.reduce(lambda a, b: b + a, "abc")),
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
