# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
from enum import Enum, IntEnum, auto


class Base(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return len(name) * 4 + count


class W(Base):
    AB = auto()
    ABCDE = auto()
    X = 7
    LONGNAME = auto()


class Wide(IntEnum):
    def _generate_next_value_(name, start, count, last_values):
        return (last_values[-1] * 2) if last_values else 3

    P = auto()
    Q = auto()
    R = auto()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(w.value, 2) for w in W)
        self.more = nn.ModuleList(nn.Linear(w, 2) for w in Wide)


model = M()
