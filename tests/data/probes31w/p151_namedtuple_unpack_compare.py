# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
from typing import NamedTuple


class Spec(NamedTuple):
    w: int
    d: int


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Spec(4, 2)
        w, d = s
        eq = s == (4, 2)
        self.a = nn.Linear(w + eq, d * 3)


model = M()
