# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from dataclasses import dataclass, field


@dataclass
class Cfg:
    base: int = 8
    widths: list = field(default_factory=list)
    mult: int = field(default=2, init=False)

    def __post_init__(self):
        self.widths = self.widths or [self.base * self.mult] * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = Cfg()
        b = Cfg(4, [3])
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in a.widths + b.widths)


model = M()
