# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
from functools import cache

import torch.nn as nn

G = [8]


@cache
def width():
    return G[0] * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = width()
        G[0] = 100
        b = width()
        width.cache_clear()
        c = width()
        self.a = nn.Linear(a, b)
        self.b = nn.Linear(c // 10, 2)
        G[0] = 8
        width.cache_clear()


model = M()
