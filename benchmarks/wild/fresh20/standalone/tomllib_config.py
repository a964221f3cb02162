"""A TOML config (tomllib) with per-stage tables; the enum picks the norm."""

import enum

import tomllib
import torch.nn as nn

TOML = """
[model]
in_ch = 3
classes = 7

[[stage]]
width = 24
depth = 2
norm = "batch"

[[stage]]
width = 48
depth = 1
norm = "group"
"""


class Norm(enum.Enum):
    BATCH = "batch"
    GROUP = "group"


NORMS = {Norm.BATCH: lambda c: nn.BatchNorm2d(c), Norm.GROUP: lambda c: nn.GroupNorm(4, c)}

cfg = tomllib.loads(TOML)
layers, c = [], cfg["model"]["in_ch"]
for st in cfg["stage"]:
    for _ in range(st["depth"]):
        layers += [
            nn.Conv2d(c, st["width"], 3, padding=1),
            NORMS[Norm(st["norm"])](st["width"]),
            nn.ReLU(),
        ]
        c = st["width"]
model = nn.Sequential(
    *layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c, cfg["model"]["classes"])
)
