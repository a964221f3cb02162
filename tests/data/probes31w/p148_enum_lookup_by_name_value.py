# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import enum


class Act(enum.Enum):
    relu = 3
    gelu = 5


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = Act["gelu"].value
        b = Act(3).name
        try:
            c = Act(4).value
        except ValueError:
            c = 7
        self.a = nn.Linear(a, len(b))
        self.b = nn.Linear(c, 2)


model = M()
