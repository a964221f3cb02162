# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = {"w": 1, "h": 2, "d": 3}
        b = {"h": 5, "x": 6}
        common = a.keys() & b.keys()
        only = sorted(a.keys() - b.keys())
        self.a = nn.Linear(len(common) + 1, len(only))
        self.b = nn.Linear(len(only[0]) + 3, len(a.items() | b.items()))


model = M()
