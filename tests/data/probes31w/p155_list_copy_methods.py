# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        base = [[2], [3]]
        a = base[:]
        b = list(base)
        a[0].append(4)
        b.append([5])
        self.layers = nn.ModuleList(nn.Linear(x, 1) for x in base[0])
        self.b = nn.Linear(len(base), len(b))


model = M()
