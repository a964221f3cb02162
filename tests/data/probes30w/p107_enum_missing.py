# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import enum

import torch.nn as nn


class Size(enum.Enum):
    SMALL = 8
    LARGE = 32

    @classmethod
    def _missing_(cls, value):
        return cls.LARGE if value > 16 else cls.SMALL


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Size(20).value, Size(3).value)
        self.b = nn.Linear(Size(8).value, 2)


model = M()
