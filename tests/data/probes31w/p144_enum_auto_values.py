# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import enum


class Kind(enum.Enum):
    A = enum.auto()
    B = enum.auto()
    C = 10
    D = enum.auto()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(k.value, 1) for k in Kind)


model = M()
