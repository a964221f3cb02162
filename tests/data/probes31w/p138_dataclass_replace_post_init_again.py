# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import dataclasses


@dataclasses.dataclass
class Cfg:
    width: int = 2

    def __post_init__(self):
        self.width += 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        d = dataclasses.replace(c)
        e = dataclasses.replace(c, width=10)
        self.layers = nn.ModuleList(nn.Linear(x.width, 1) for x in (c, d, e))


model = M()
