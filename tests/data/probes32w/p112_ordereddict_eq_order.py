# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import collections

a = collections.OrderedDict(a=1, b=2)
b = collections.OrderedDict(b=2, a=1)
WIDTHS = [3 if a == b else 4, 5 if dict(a) == dict(b) else 6, 7 if a == dict(b) else 8]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
