# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Scaled(dict):
    def __getitem__(self, key):
        return super().__getitem__(key) * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Scaled(w=8, h=2)
        self.a = nn.Linear(c["w"], c.get("h"))
        self.b = nn.Linear(sum(c.values()), 2)
        self.c = nn.Linear(dict(c)["w"], 3)


model = M()
