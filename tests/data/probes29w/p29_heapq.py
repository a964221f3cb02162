# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

import heapq


class M(nn.Module):
    def __init__(self):
        super().__init__()
        widths = [12, 3, 40, 7, 25]
        top = heapq.nlargest(2, widths)
        low = heapq.nsmallest(2, widths)
        h = []
        for w in widths:
            heapq.heappush(h, -w)
        first = -heapq.heappop(h)
        self.a = nn.Linear(top[1], low[1])
        self.b = nn.Linear(first, -h[0])


model = M()
