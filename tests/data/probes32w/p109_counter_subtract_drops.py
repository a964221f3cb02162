# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import collections

c = collections.Counter(a=3, b=1) - collections.Counter(a=1, b=2)
d = collections.Counter(a=3, b=1)
d.subtract(collections.Counter(a=1, b=2))
WIDTHS = [len(c) + 1, len(d), d["b"] + 3]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
