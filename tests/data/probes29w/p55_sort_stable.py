# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        specs = [("a", 2, 8), ("b", 1, 16), ("c", 2, 24), ("d", 1, 32)]
        order = sorted(specs, key=lambda s: s[1], reverse=True)
        self.first = nn.Linear(order[0][2], 2)
        self.low = nn.Linear(min(specs, key=lambda s: s[1])[2], 2)
        self.high = nn.Linear(max(specs, key=lambda s: s[1])[2], 2)


model = M()
