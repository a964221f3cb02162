# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = list(filter(None, [0, 4, 0, 8, None, 16, ""]))
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)
        self.b = nn.Linear(len(range(10, 0, -3)), len(range(0, -5)) + 1)
        self.c = nn.ModuleList(nn.Linear(i, 1) for i, _ in enumerate("abc", start=2))


model = M()
