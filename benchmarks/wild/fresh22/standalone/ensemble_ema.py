"""An ensemble from a comprehension plus an EMA copy of member 0 kept frozen in the same module."""

import copy

from torch import nn


class Ensemble(nn.Module):
    def __init__(self, k=3, d=9):
        super().__init__()
        self.members = nn.ModuleList(
            [nn.Sequential(nn.Linear(d, 16), nn.SiLU(), nn.Linear(16, 1)) for _ in range(k)]
        )
        self.ema = copy.deepcopy(self.members[0]).requires_grad_(False)


model = Ensemble(k=4)
