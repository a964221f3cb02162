# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = {"w": 8, "h": 2}
        b = {"w": 16}
        c = {**a, "w": 4, **b}
        d = dict(a, w=32)
        e = {**b, **a}
        self.a = nn.Linear(c["w"], d["w"])
        self.b = nn.Linear(e["w"], list(e)[0] == "w" and 3 or 5)


model = M()
