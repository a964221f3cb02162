# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def kind(x):
    if isinstance(x, bool):
        return 2
    if isinstance(x, int):
        return 5
    return 9


def kind2(x):
    if isinstance(x, int):
        return 5
    if isinstance(x, bool):
        return 2
    return 9


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(kind(True), kind2(True))
        self.b = nn.Linear(kind(1.0), type(True) is int and 4 or 6)


model = M()
