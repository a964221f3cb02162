# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
from typing import NamedTuple


class Spec(NamedTuple):
    width: int
    depth: int = 2
    heads: int = 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Spec(5)
        t = Spec(3, heads=4)
        self.a = nn.Linear(s.width, s.depth + len(Spec._field_defaults))
        self.b = nn.Linear(t.heads, len(t))


model = M()
