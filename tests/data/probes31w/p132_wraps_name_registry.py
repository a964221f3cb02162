# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import functools

REG = {}


def register(fn):
    @functools.wraps(fn)
    def inner(*a):
        return fn(*a) + 1

    REG[inner.__name__] = inner
    return inner


@register
def width():
    return 6


@register
def depth():
    return 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(REG["width"](), 1) for _ in range(REG["depth"]()))


model = M()
