# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class D(dict):
    def __missing__(self, k):
        return len(k)


d = D(a=1)
WIDTHS = [d["a"], d["xyz"], d.get("xyz", 6), len(d) + 1]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
