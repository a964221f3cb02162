# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def f():
    try:
        x = 1
    except ValueError:
        return 2
    else:
        raise ValueError("in else")


try:
    WIDTHS = [f()]
except ValueError:
    WIDTHS = [5]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
