# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

import bisect

TIERS = [64, 256, 1024]
WIDTHS = [8, 16, 32, 64]


class M(nn.Module):
    def __init__(self, tokens=256):
        super().__init__()
        w = WIDTHS[bisect.bisect_left(TIERS, tokens)]
        v = WIDTHS[bisect.bisect_right(TIERS, tokens)]
        order = [3, 9]
        bisect.insort(order, 5)
        self.a = nn.Linear(w, v)
        self.b = nn.Linear(order[1], order[2])


model = M()
