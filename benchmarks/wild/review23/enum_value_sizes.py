import enum

import torch.nn as nn


class Size(enum.Enum):
    SMALL = (4, 2)
    LARGE = (8, 3)

    @property
    def dim(self):
        return self.value[0]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Size["LARGE"]
        self.ls = nn.ModuleList(nn.Linear(s.dim, s.dim) for _ in range(s.value[1]))
        self.small = nn.Linear(Size.SMALL.dim, len(Size))
