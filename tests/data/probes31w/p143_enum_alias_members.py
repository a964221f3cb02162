# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import enum


class Size(enum.Enum):
    SMALL = 4
    TINY = 4
    LARGE = 16


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(len(Size), len(Size.__members__))
        self.b = nn.Linear(Size.TINY.value, 3 if Size.TINY is Size.SMALL else 5)
        self.c = nn.Linear(len(Size.TINY.name), 2)


model = M()
