# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Factory:
    def __init__(self, base):
        self.base = base
        self.calls = 0

    def __call__(self, out):
        self.calls += 1
        return nn.Linear(self.base * self.calls, out)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        make = Factory(8)
        self.layers = nn.ModuleList([make(4), make(4), make(2)])


model = M()
