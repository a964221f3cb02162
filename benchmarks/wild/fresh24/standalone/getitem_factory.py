"""A layer bank indexed with square brackets: `bank[w]` builds a projection once per width and returns the same
module on every later lookup, so repeated widths share weights."""

import torch.nn as nn


class ProjectionBank:
    def __init__(self, d_in):
        self.d_in = d_in
        self._made = {}

    def __getitem__(self, width):
        if width not in self._made:
            self._made[width] = nn.Linear(self.d_in, width)
        return self._made[width]


bank = ProjectionBank(d_in=40)
model = nn.ModuleDict({"q": bank[32], "k": bank[32], "v": bank[64], "gate": bank[8]})
