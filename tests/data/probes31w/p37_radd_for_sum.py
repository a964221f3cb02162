# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Width:
    def __init__(self, n):
        self.n = n

    def __add__(self, other):
        return Width(self.n + (other.n if isinstance(other, Width) else other))

    def __radd__(self, other):
        return Width(self.n + other + 1)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        total = sum([Width(2), Width(3)])
        self.a = nn.Linear(total.n, 2)


model = M()
