# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        it = iter([4, 8, 16, 32])
        first = list(it)
        second = list(it)
        self.a = nn.Linear(len(first) + len(second), 2)
        m = map(lambda w: w * 2, [1, 2, 3])
        n = len(list(m))
        k = len(list(m))
        self.b = nn.Linear(n + k, 2)
        it2 = iter([2, 3, 4, 5])
        pairs = list(zip(it2, it2))
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in pairs)


model = M()
