# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from enum import Enum, auto


class Width(Enum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return 16 * (count + 1)

    SMALL = auto()
    MEDIUM = auto()
    LARGE = 100
    HUGE = auto()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(w.value, 2) for w in Width)


model = M()
