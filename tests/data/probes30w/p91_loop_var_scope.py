# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        w = 4
        for w in []:
            pass
        self.a = nn.Linear(w, 2)
        v = 4
        vs = [v for v in (8, 16)]
        self.b = nn.Linear(v, len(vs))
        for u in (2, 6):
            pass
        self.c = nn.Linear(u, 2)


model = M()
