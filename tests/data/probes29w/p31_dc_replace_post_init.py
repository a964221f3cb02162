# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

import dataclasses


@dataclasses.dataclass
class Cfg:
    width: int = 8

    def __post_init__(self):
        self.width *= 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        base = Cfg()
        wide = dataclasses.replace(base, width=20)
        same = dataclasses.replace(base)
        self.a = nn.Linear(base.width, wide.width)
        self.b = nn.Linear(same.width, 2)


model = M()
