# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import enum

import torch.nn as nn


class Part(enum.IntFlag):
    Q = 1
    K = 2
    V = 4


class M(nn.Module):
    def __init__(self):
        super().__init__()
        want = Part.Q | Part.V
        self.a = nn.Linear(int(want), 2)
        self.b = nn.ModuleList(nn.Linear(8, 8) for p in Part if p in want)
        self.c = nn.Linear(want.bit_count() if hasattr(want, "bit_count") else 1, 3)


model = M()
