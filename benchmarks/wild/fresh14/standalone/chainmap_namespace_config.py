"""Layered config with collections.ChainMap (overrides > preset > defaults), exposed as a SimpleNamespace."""

from collections import ChainMap
from types import SimpleNamespace

import torch.nn as nn

DEFAULTS = {"channels": 32, "blocks": 2, "kernel": 3, "classes": 10, "se": False}
PRESETS = {"small": {"channels": 24}, "wide": {"channels": 64, "se": True}}
overrides = {"blocks": 3}

cfg = SimpleNamespace(**ChainMap(overrides, PRESETS["wide"], DEFAULTS))


class SE(nn.Module):
    def __init__(self, ch, r=8):
        super().__init__()
        self.fc = nn.Sequential(
            nn.Linear(ch, ch // r), nn.ReLU(), nn.Linear(ch // r, ch), nn.Sigmoid()
        )


def block(c):
    mods = [
        nn.Conv2d(c.channels, c.channels, c.kernel, padding=c.kernel // 2),
        nn.BatchNorm2d(c.channels),
    ]
    if c.se:
        mods.append(SE(c.channels))
    return nn.Sequential(*mods)


model = nn.Sequential(
    nn.Conv2d(3, cfg.channels, 3, padding=1),
    *[block(cfg) for _ in range(cfg.blocks)],
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(cfg.channels, cfg.classes),
)
