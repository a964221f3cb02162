# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = {k % 3: k + 2 for k in range(7)}
        self.layers = nn.ModuleList(nn.Linear(v, 1) for v in d.values())
        e = dict([("a", 4), ("b", 8), ("a", 16)])
        self.a = nn.Linear(e["a"], list(e)[0] == "a" and 3 or 5)


model = M()
