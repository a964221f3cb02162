# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        grid = [[]] * 3
        grid[0].append(4)
        own = [[] for _ in range(3)]
        own[0].append(4)
        self.a = nn.ModuleList(nn.Linear(len(r) + 1, 1) for r in grid)
        self.b = nn.ModuleList(nn.Linear(len(r) + 1, 1) for r in own)


model = M()
