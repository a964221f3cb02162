# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Evens:
    def __contains__(self, x):
        return x % 2 == 0

    def __iter__(self):
        return iter([1, 3])


class M(nn.Module):
    def __init__(self):
        super().__init__()
        e = Evens()
        ws = [w for w in (3, 4, 6, 7) if w in e]
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)


model = M()
