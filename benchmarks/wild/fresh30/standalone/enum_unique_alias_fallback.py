"""An Enum of block widths where two names share a value: `enum.unique` raises ValueError, and the fallback
iterates the plain Enum, whose iteration skips the alias (three members, not four)."""

import enum

import torch.nn as nn

try:

    @enum.unique
    class Width(enum.Enum):
        SMALL = 16
        MEDIUM = 32
        MID = 32
        LARGE = 64

except ValueError:

    class Width(enum.Enum):
        SMALL = 16
        MEDIUM = 32
        MID = 32
        LARGE = 64


widths = [m.value for m in Width]  # [16, 32, 64]
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip([4] + widths, widths)])
