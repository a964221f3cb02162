# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a, b = 4, 16
        a, b = b, a
        x = y = [2]
        y.append(6)
        i = 0
        ws = [10, 20, 30]
        i, ws[i] = 1, 5
        self.l = nn.Linear(a, b)
        self.m = nn.ModuleList(nn.Linear(w, 1) for w in x)
        self.n = nn.ModuleList(nn.Linear(w, 1) for w in ws)


model = M()
