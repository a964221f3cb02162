# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import enum

import torch.nn as nn


class W(enum.IntEnum):
    S = 4
    M = 8


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(W.S * 2, W.S + W.M)
        self.b = nn.Linear(max(W), len(W))
        self.c = nn.Linear(4, 4) if W.M == 8 else nn.Linear(4, 9)


model = M()
