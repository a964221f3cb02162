# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Seq:
    def __getitem__(self, i):
        if i < 5:
            return i + 1
        raise IndexError

    def __iter__(self):
        return iter([2, 3])


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Seq()
        self.layers = nn.ModuleList(nn.Linear(x, 1) for x in s)
        self.b = nn.Linear(s[4], 2)


model = M()
