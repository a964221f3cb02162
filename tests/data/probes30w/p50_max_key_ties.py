# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        items = [("a", 8), ("b", 16), ("c", 16), ("d", 8)]
        hi = max(items, key=lambda p: p[1])
        lo = min(items, key=lambda p: p[1])
        self.a = nn.Linear(len(hi[0]) * 4 + ord(hi[0]) - 97, 2)
        self.b = nn.Linear(ord(lo[0]) - 90, 2)
        self.c = nn.Linear(max([], default=5), 3)


model = M()
