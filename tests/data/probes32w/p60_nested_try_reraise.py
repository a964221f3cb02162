# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def f():
    try:
        try:
            raise KeyError("a")
        except KeyError:
            raise
    except LookupError:
        return 6
    return 1


WIDTHS = [f()]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
