# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
from collections import Counter

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Counter({"a": 5, "b": 2})
        self.a = nn.Linear(c["a"], c["b"])
        d = Counter(a=3)
        d.update({"a": 2})
        self.b = nn.Linear(d["a"], 2)


model = M()
