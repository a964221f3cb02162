"""Widths collected along `cls.mro()` (diamond inheritance, C3 order), one Linear per class that defines `step`."""

import torch.nn as nn


class Base:
    step = 4


class Left(Base):
    step = 8


class Right(Base):
    step = 12


class Join(Left, Right):
    pass


widths = [klass.__dict__["step"] for klass in Join.mro() if "step" in klass.__dict__]  # [8, 12, 4]
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip([2] + widths, widths)])
