# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = dict(zip("abcd", (3, 4, 5)))
        e = dict.fromkeys("aab", 2)
        self.layers = nn.ModuleList(nn.Linear(v, 1) for v in d.values())
        self.b = nn.Linear(len(e), sum(e.values()))


model = M()
