# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def f():
    try:
        raise KeyError("a")
    finally:
        raise ValueError("b")


try:
    f()
    WIDTHS = [1]
except KeyError:
    WIDTHS = [2]
except ValueError:
    WIDTHS = [3]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
