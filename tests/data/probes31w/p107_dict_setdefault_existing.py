# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = {"w": 0}
        a = d.setdefault("w", 5)
        b = d.setdefault("h", 7)
        c = d.get("w", 3) or 4
        self.a = nn.Linear(a + 1, b)
        self.b = nn.Linear(c, len(d))


model = M()
