# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
from collections import Counter

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Counter("aabbbcdd")
        self.a = nn.Linear(c["b"] * 4, c["z"] + 1)
        (top, n), (second, m) = c.most_common(2)
        self.b = nn.Linear(n, m)
        left = c - Counter({"a": 5, "b": 1})
        self.c = nn.Linear(len(left), sum(left.values()))


model = M()
