# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = [2, 3, 4, 5]
        ws = [i * x for i, x in enumerate(xs, start=1)]
        pairs = list(zip(*[iter(xs)] * 2))
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)
        self.b = nn.ModuleList(nn.Linear(a, b) for a, b in pairs)


model = M()
