# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [4, 8, 16]
        big = next((w for w in ws if w > 100), 32)
        first = next(w for w in ws if w > 5)
        self.a = nn.Linear(big, first)
        it = iter(ws)
        next(it)
        self.b = nn.ModuleList(nn.Linear(w, 1) for w in it)


model = M()
