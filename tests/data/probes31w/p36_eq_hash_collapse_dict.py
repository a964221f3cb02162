# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Key:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v % 3 == other.v % 3

    def __hash__(self):
        return self.v % 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = {}
        for v in (1, 4, 2, 7, 5):
            d[Key(v)] = v
        self.layers = nn.ModuleList(nn.Linear(v, 1) for v in d.values())


model = M()
