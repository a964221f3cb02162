# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Table:
    makers = [lambda w=w: w * 2 for w in (2, 4)]
    late = [(lambda: w) for w in (3, 5)] if False else []
    scale = 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [f() for f in Table.makers]
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)
        self.b = nn.Linear(len(Table.late) + Table.scale, 2)


model = M()
