# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class C:
    def __setattr__(self, name, value):
        object.__setattr__(self, name, value * 2)


c = C()
c.a = 3
c.__dict__["b"] = 3
WIDTHS = [c.a, c.b]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
