# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Table(type):
    def __getitem__(cls, k):
        return cls.base * k

    def __len__(cls):
        return 3

    def __iter__(cls):
        return iter((4, 8))


class Widths(metaclass=Table):
    base = 8


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Widths[2], len(Widths))
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in Widths)


model = M()
