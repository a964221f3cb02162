# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Widths:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return 4 * (i + 1)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = Widths()
        self.layers = nn.ModuleList(nn.Linear(w, 2) for w in ws)
        self.c = nn.Linear(8, 8) if 12 in ws else nn.Linear(8, 3)


model = M()
