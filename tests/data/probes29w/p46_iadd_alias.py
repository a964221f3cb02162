# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = b = [8]
        a += [16]
        t = u = (8,)
        t += (16,)
        self.x = nn.ModuleList(nn.Linear(w, 2) for w in b)
        self.y = nn.ModuleList(nn.Linear(w, 2) for w in u)


model = M()
