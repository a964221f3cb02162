# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import itertools


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = len(list(itertools.combinations(range(5), 2)))
        b = len(list(itertools.permutations("abc", 2)))
        c = len(list(itertools.product("ab", repeat=3)))
        d = len(list(itertools.combinations_with_replacement("ab", 2)))
        self.a = nn.Linear(a, b)
        self.b = nn.Linear(c, d)


model = M()
