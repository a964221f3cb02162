# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import heapq

xs = [5, 1, 4, 2]
WIDTHS = heapq.nsmallest(2, xs) + [len(heapq.nlargest(1, ["aa", "b", "ccc"], key=len)[0])]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
