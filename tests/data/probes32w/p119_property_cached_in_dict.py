# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class C:
    def __init__(self):
        self.calls = 0

    @property
    def size(self):
        self.calls += 1
        return 4


c = C()
a = c.size + c.size
WIDTHS = [a, c.calls + 1]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
