# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import functools


@functools.lru_cache(maxsize=None)
def total(xs):
    return sum(xs)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        try:
            a = total([1, 2])
        except TypeError:
            a = 9
        self.a = nn.Linear(a, total((2, 3)))


model = M()
