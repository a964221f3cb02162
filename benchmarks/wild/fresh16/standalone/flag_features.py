"""Optional components chosen by an enum.Flag (combined with |), widths from an IntEnum table."""

import enum

import torch.nn as nn


class Feat(enum.Flag):
    NONE = 0
    NORM = enum.auto()
    GATE = enum.auto()
    SKIP_PROJ = enum.auto()
    ALL = NORM | GATE | SKIP_PROJ


class Size(enum.IntEnum):
    TINY = 24
    SMALL = 40
    BASE = 64


class Block(nn.Module):
    def __init__(self, d_in, d, feats):
        super().__init__()
        self.fc = nn.Linear(d_in, d)
        if Feat.NORM in feats:
            self.norm = nn.LayerNorm(d)
        if Feat.GATE in feats:
            self.gate = nn.Linear(d_in, d, bias=False)
        if Feat.SKIP_PROJ in feats and d_in != d:
            self.proj = nn.Linear(d_in, d, bias=False)


class Net(nn.Module):
    def __init__(self, d_in, size, feats, depth=3):
        super().__init__()
        d = int(size)
        self.blocks = nn.ModuleList([Block(d_in if i == 0 else d, d, feats) for i in range(depth)])
        self.out = nn.Linear(d, 1)


model = Net(10, Size.SMALL, Feat.NORM | Feat.SKIP_PROJ)
