"""Widths parsed back from an f-string: the spec's `__format__` honours a custom "w" format spec."""

import torch.nn as nn


class Stage:
    def __init__(self, base, mult):
        self.base, self.mult = base, mult

    def __format__(self, spec):
        if spec == "w":
            return str(self.base * self.mult)
        return f"Stage({self.base}x{self.mult})"


stages = [Stage(8, 2), Stage(8, 4), Stage(8, 3)]
plan = ",".join(f"{s:w}" for s in stages)  # "16,32,24"
widths = [int(x) for x in plan.split(",")]

model = nn.Sequential(
    *[nn.Conv1d(a, b, kernel_size=3) for a, b in zip([4] + widths, widths)],
)
