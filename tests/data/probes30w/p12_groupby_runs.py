# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
from itertools import groupby

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        kinds = ["conv", "conv", "pool", "conv", "pool", "pool", "pool"]
        runs = [(k, len(list(g))) for k, g in groupby(kinds)]
        self.layers = nn.ModuleList(nn.Linear(n * 4, 2) for _, n in runs)


model = M()
