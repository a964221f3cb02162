# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = max([], default=5)
        b = min(["ccc", "a", "bb"], key=len)
        c = max([3, -9, 4], key=abs)
        d = sum([1, 2], start=10)
        self.a = nn.Linear(a, len(b))
        self.b = nn.Linear(-c, d)


model = M()
