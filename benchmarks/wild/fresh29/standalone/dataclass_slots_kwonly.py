"""A `@dataclass(slots=True, kw_only=True)` config: setting an unknown attribute raises AttributeError (slots), and the fallback rebuilds it one block deeper."""

from dataclasses import dataclass

import torch.nn as nn


@dataclass(slots=True, kw_only=True)
class Cfg:
    width: int = 16
    depth: int = 2
    mult: int = 3

    @property
    def inner(self):
        return self.width * self.mult


cfg = Cfg(depth=1, width=20)
try:
    cfg.extra = 5  # slots: no new attributes
except AttributeError:
    cfg = Cfg(depth=cfg.depth + 1, width=cfg.width)
model = nn.Sequential(
    *[
        nn.Sequential(nn.Linear(cfg.width, cfg.inner), nn.Linear(cfg.inner, cfg.width))
        for _ in range(cfg.depth)
    ]
)
