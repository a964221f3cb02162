# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
from itertools import cycle, islice

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = list(islice(cycle([4, 8]), 5))
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(ws, ws[1:]))
        self.tail = nn.Linear(len(list(islice(range(100), 3, 20, 4))), 2)


model = M()
