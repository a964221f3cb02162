# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def f(x):
    return x * 3 - 4


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [y for x in range(5) if (y := f(x)) > 0]
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)


model = M()
