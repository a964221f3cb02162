# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        makers = [lambda: nn.Linear(w, 2) for w in (4, 8, 16)]
        early = [lambda w=w: nn.Linear(w, 2) for w in (4, 8, 16)]
        self.a = nn.ModuleList(f() for f in makers)
        self.b = nn.ModuleList(f() for f in early)


model = M()
