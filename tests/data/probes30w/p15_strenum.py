# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import enum

import torch.nn as nn


class Act(enum.StrEnum):
    RELU = enum.auto()
    GELU_TANH = enum.auto()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(len(Act.GELU_TANH.value), 2)
        self.b = nn.Linear(len(str(Act.RELU)) * 2, 2)
        self.c = nn.Linear(len(Act), 3)


model = M()
