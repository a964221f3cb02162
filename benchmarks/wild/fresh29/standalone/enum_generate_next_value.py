"""An Enum whose `_generate_next_value_` turns `auto()` into widths (16 times the position, counted from 1)."""

import enum

import torch.nn as nn


class Width(enum.Enum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return 16 * (count + 1)

    SMALL = enum.auto()
    MEDIUM = enum.auto()
    LARGE = enum.auto()


model = nn.Sequential(
    nn.Linear(Width.SMALL.value, Width.MEDIUM.value),
    nn.Linear(Width.MEDIUM.value, Width.LARGE.value),
)
