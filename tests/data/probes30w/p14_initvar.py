# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import dataclasses
from dataclasses import InitVar, dataclass, field

import torch.nn as nn


@dataclass
class Cfg:
    dim: int = 8
    scale: InitVar[int] = 2
    hidden: int = field(init=False)

    def __post_init__(self, scale):
        self.hidden = self.dim * scale


class M(nn.Module):
    def __init__(self):
        super().__init__()
        cfg = Cfg(dim=4, scale=3)
        self.a = nn.Linear(cfg.dim, cfg.hidden)
        self.b = nn.Linear(len(dataclasses.fields(cfg)), 2)


model = M()
