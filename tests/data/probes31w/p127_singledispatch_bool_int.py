# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import functools


@functools.singledispatch
def size(x):
    return 2


@size.register
def _(x: int):
    return 5


@size.register
def _(x: str):
    return len(x)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(size(True), size("abc"))
        self.b = nn.Linear(size(1.5), size(7))


model = M()
