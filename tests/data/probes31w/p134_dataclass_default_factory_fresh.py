# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import dataclasses


@dataclasses.dataclass
class Cfg:
    sizes: list = dataclasses.field(default_factory=list)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = Cfg()
        b = Cfg()
        a.sizes.append(4)
        a.sizes.append(5)
        b.sizes.append(6)
        self.layers = nn.ModuleList(nn.Linear(s, 1) for s in a.sizes)


model = M()
