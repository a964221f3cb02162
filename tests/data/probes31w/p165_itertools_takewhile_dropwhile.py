# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import itertools


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = [2, 4, 7, 8, 3]
        a = list(itertools.takewhile(lambda x: x % 2 == 0, xs))
        b = list(itertools.dropwhile(lambda x: x % 2 == 0, xs))
        c = list(itertools.compress(xs, [1, 0, 1, 0, 1]))
        self.a = nn.ModuleList(nn.Linear(x, 1) for x in a + b)
        self.b = nn.Linear(sum(c), 2)


model = M()
