# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
from dataclasses import dataclass, field

import torch.nn as nn


class Shared:
    widths = []

    def add(self, w):
        self.widths.append(w)
        return self


@dataclass
class Own:
    widths: list = field(default_factory=list)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a, b = Shared().add(4), Shared().add(8)
        self.a = nn.ModuleList(nn.Linear(w, 1) for w in a.widths)
        x, y = Own(), Own()
        x.widths.append(16)
        self.b = nn.ModuleList(nn.Linear(w, 1) for w in y.widths + x.widths)


model = M()
