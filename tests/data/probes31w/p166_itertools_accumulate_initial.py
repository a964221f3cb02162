# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import itertools
import operator


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = list(itertools.accumulate([1, 2, 3], initial=2))
        b = list(itertools.accumulate([2, 3, 2], operator.mul))
        c = list(itertools.chain.from_iterable([[1], [2, 3]]))
        self.a = nn.ModuleList(nn.Linear(x, 1) for x in a + b)
        self.b = nn.Linear(len(c), 2)


model = M()
