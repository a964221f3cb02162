# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import enum


class Size(enum.Enum):
    S = (4, 1)
    L = (8, 3)

    def __init__(self, width, depth):
        self.width = width
        self.depth = depth


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Size((8, 3))
        self.layers = nn.ModuleList(nn.Linear(s.width, 2) for _ in range(s.depth))


model = M()
