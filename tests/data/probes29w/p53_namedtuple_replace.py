# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from typing import NamedTuple


class Spec(NamedTuple):
    width: int
    depth: int = 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Spec(8)
        t = s._replace(width=24)
        u = Spec._make([4, 3])
        self.blocks = nn.ModuleList(nn.Linear(t.width, u.width) for _ in range(s.depth + u.depth))


model = M()
