# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = {"w": 2, "d": 3}
        b = {"d": 5, "h": 7}
        c = a | b
        e = b | a
        a |= [("x", 4)]
        self.layers = nn.ModuleList(nn.Linear(v, 1) for v in list(c.values()) + list(e.values()))
        self.tail = nn.Linear(len(a), 2)


model = M()
