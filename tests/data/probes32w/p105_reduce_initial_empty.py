# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import functools

WIDTHS = [
    functools.reduce(lambda a, b: a * b, [], 5),
    functools.reduce(lambda a, b: a * b, [3]),
    functools.reduce(lambda a, b: a * 10 + b, [1, 2], 0),
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
