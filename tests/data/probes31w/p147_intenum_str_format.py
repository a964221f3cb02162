# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import enum


class Width(enum.IntEnum):
    SMALL = 4
    BIG = 12


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Width.BIG, Width.SMALL + 1)
        self.b = nn.Linear(len(str(Width.BIG)), len(f"{Width.BIG}"))


model = M()
