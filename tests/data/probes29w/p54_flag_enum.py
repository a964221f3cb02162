# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from enum import Flag, IntEnum, auto


class Feat(Flag):
    NORM = auto()
    BIAS = auto()
    GATE = auto()


class Size(IntEnum):
    SMALL = 8
    LARGE = 32


class M(nn.Module):
    def __init__(self, feats=Feat.NORM | Feat.GATE):
        super().__init__()
        self.proj = nn.Linear(Size.SMALL * 2, Size.LARGE, bias=Feat.BIAS in feats)
        self.norm = nn.LayerNorm(Size.LARGE) if Feat.NORM in feats else nn.Identity()
        self.gate = nn.Linear(Size.LARGE, 1) if feats & Feat.GATE else nn.Identity()


model = M()
