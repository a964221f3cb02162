# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import functools


class Sizer:
    @functools.singledispatchmethod
    def size(self, x):
        return 3

    @size.register
    def _(self, x: list):
        return len(x) + 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Sizer()
        self.a = nn.Linear(s.size([1, 2, 3]), s.size(None))


model = M()
