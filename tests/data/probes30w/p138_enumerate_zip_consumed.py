# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        z = zip([4, 8, 16], [2, 2, 2])
        first = next(z)
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in z)
        self.f = nn.Linear(first[0], first[1])
        e = enumerate([3, 5])
        self.n = nn.Linear(len(list(e)) + len(list(e)), 2)


model = M()
