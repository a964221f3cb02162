"""A dataclass config whose widths are derived in __post_init__ from an InitVar (not stored as a field)."""

from dataclasses import InitVar, dataclass, field

import torch.nn as nn


@dataclass
class TowerConfig:
    base: int
    depth: int
    growth: InitVar[float]
    widths: list = field(init=False)

    def __post_init__(self, growth):
        self.widths = [int(self.base * growth**i) for i in range(self.depth)]


cfg = TowerConfig(base=16, depth=4, growth=1.5)
model = nn.Sequential(
    *[nn.Conv1d(a, b, 3, padding=1) for a, b in zip([2] + cfg.widths, cfg.widths)]
)
