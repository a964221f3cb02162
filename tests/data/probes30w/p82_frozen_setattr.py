# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
from dataclasses import dataclass

import torch.nn as nn


@dataclass(frozen=True)
class Cfg:
    dim: int = 8

    def __post_init__(self):
        object.__setattr__(self, "hidden", self.dim * 4)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg(3)
        self.a = nn.Linear(c.dim, c.hidden)
        try:
            c.dim = 100
        except AttributeError:
            pass
        self.b = nn.Linear(c.dim, 2)


model = M()
