# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Maker:
    def __init__(self):
        self.n = 0

    def __call__(self, w):
        self.n += 1
        return nn.Linear(w * self.n, 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        mk = Maker()
        self.layers = nn.ModuleList(mk(4) for _ in range(3))
        self.tail = nn.Linear(mk.n, 2)


model = M()
