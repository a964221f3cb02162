# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.ModuleList([nn.Linear(4, 4)] * 3)
        blk = nn.Linear(8, 8)
        self.seq = nn.Sequential(*[blk] * 2, nn.Linear(8, 2))
        self.own = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])


model = M()
