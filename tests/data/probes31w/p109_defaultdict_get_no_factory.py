# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
from collections import defaultdict


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = defaultdict(lambda: 4)
        a = d.get("x", 2)
        n1 = len(d)
        b = d["y"]
        c = "z" in d
        self.a = nn.Linear(a + n1, b + len(d))
        self.b = nn.Linear(3 if c else 5, 2)


model = M()
