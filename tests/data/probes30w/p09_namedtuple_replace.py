# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
from typing import NamedTuple

import torch.nn as nn


class Cfg(NamedTuple):
    dim: int = 8
    depth: int = 2
    heads: int = 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        base = Cfg()
        wide = base._replace(dim=32)
        made = Cfg._make([4, 3, 2])
        self.a = nn.Linear(wide.dim, base.dim)
        self.b = nn.ModuleList(nn.Linear(made.dim, made.heads) for _ in range(made.depth))
        self.c = nn.Linear(len(Cfg._fields), wide._asdict()["depth"])


model = M()
