# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import enum

import torch.nn as nn


class Shape(enum.Enum):
    TINY = (4, 2)
    BASE = (16, 4)

    def __new__(cls, width, depth):
        obj = object.__new__(cls)
        obj._value_ = width
        obj.depth = depth
        return obj


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Shape.BASE
        self.a = nn.Linear(s.value, s.depth)
        self.b = nn.Linear(Shape(4).depth, 3)


model = M()
