# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class C:
    n = 1

    def bump(self):
        self.n += 2
        return self.n


c = C()
c.bump()
WIDTHS = [c.bump(), C.n + 2]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
