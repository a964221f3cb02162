# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import dataclasses


@dataclasses.dataclass
class Cfg:
    width: int = 4
    hidden: int = dataclasses.field(init=False, default=0)

    def __post_init__(self):
        self.hidden = self.width * 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg(width=2)
        self.a = nn.Linear(c.width, c.hidden)
        self.b = nn.Linear(len(dataclasses.fields(Cfg)), 2)


model = M()
