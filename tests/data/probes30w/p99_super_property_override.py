# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base:
    @property
    def width(self):
        return 8


class Wide(Base):
    @property
    def width(self):
        return super().width * 4


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Wide().width, Base().width)


model = M()
