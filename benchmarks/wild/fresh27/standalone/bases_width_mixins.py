"""Branch widths read from each direct base class (`type(self).__bases__`); the mixins carry a `width`."""

import torch.nn as nn


class Coarse:
    width = 6


class Fine:
    width = 14


class Fused(nn.Module, Coarse, Fine):
    def __init__(self, dim):
        super().__init__()
        self.branches = nn.ModuleList(
            nn.Linear(dim, base.width) for base in type(self).__bases__ if hasattr(base, "width")
        )


model = Fused(dim=10)
