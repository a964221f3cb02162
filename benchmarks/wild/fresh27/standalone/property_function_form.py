"""A width computed by a `property(...)` built from a plain function (not the decorator form)."""

import torch.nn as nn


def _hidden(self):
    return self.base * self.expand


class Cfg:
    hidden = property(_hidden)

    def __init__(self, base, expand):
        self.base, self.expand = base, expand


cfg = Cfg(base=12, expand=3)
model = nn.Sequential(nn.Linear(cfg.base, cfg.hidden), nn.SiLU(), nn.Linear(cfg.hidden, cfg.base))
