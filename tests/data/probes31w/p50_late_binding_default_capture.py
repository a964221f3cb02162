# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

fs = [lambda w=w: w * 2 for w in (1, 2, 3)]
gs = [lambda: w * 2 for w in (1, 2, 3)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.ModuleList(nn.Linear(f(), 1) for f in fs)
        self.b = nn.ModuleList(nn.Linear(g(), 1) for g in gs)


model = M()
