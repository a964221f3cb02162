"""A config whose `__getattribute__` multiplies every `*_dim` attribute by its width multiplier."""

import torch.nn as nn


class Config:
    def __init__(self, mult, **dims):
        self.mult = mult
        self.__dict__.update(dims)

    def __getattribute__(self, name):
        value = object.__getattribute__(self, name)
        if name.endswith("_dim"):
            return value * object.__getattribute__(self, "mult")
        return value


cfg = Config(mult=2, in_dim=8, hidden_dim=24, out_dim=3)
model = nn.Sequential(
    nn.Linear(cfg.in_dim, cfg.hidden_dim), nn.ReLU(), nn.Linear(cfg.hidden_dim, cfg.out_dim)
)
