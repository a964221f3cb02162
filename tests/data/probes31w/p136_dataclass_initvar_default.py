# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import dataclasses


@dataclasses.dataclass
class Cfg:
    width: int = 4
    scale: dataclasses.InitVar[int] = 2

    def __post_init__(self, scale):
        self.width *= scale


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Cfg().width, Cfg(3, 3).width)
        self.b = nn.Linear(len(dataclasses.fields(Cfg)), 2)


model = M()
