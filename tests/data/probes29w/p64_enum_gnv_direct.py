# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
from enum import Enum, auto

import torch.nn as nn


class Base(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return len(name) * 4 + count


class Width(Base):
    AB = auto()
    ABCDE = auto()
    X = 7
    LONGNAME = auto()


class M(nn.Module):
    def __init__(self, width=Width.LONGNAME):
        super().__init__()
        self.a = nn.Linear(Width.ABCDE.value, width.value)
        self.b = nn.Linear(Width["AB"].value, Width(7).value)
        self.layers = nn.ModuleList(nn.Linear(w.value, 2) for w in Width)


model = M()
