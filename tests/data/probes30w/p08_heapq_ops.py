# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import heapq

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        widths = [32, 8, 24, 4, 16]
        heapq.heapify(widths)
        smallest = heapq.heappop(widths)
        heapq.heappush(widths, 2)
        nxt = heapq.heappop(widths)
        self.a = nn.Linear(smallest, nxt)
        self.b = nn.ModuleList(nn.Linear(w, 1) for w in heapq.nlargest(2, widths))


model = M()
