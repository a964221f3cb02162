# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class K:
    def __init__(self, v):
        self.v = v

    def __eq__(self, o):
        return isinstance(o, K) and self.v == o.v

    def __hash__(self):
        return hash(self.v)


d = {}
for v in [1, 2, 1, 3, 2]:
    d[K(v)] = v
WIDTHS = [len(d) + 1]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
