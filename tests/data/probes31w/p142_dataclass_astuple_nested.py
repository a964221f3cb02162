# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import dataclasses


@dataclasses.dataclass
class Inner:
    a: int = 2
    b: int = 3


@dataclasses.dataclass
class Outer:
    x: int = 4
    inner: Inner = dataclasses.field(default_factory=Inner)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        t = dataclasses.astuple(Outer())
        self.a = nn.Linear(len(t), t[1][1])


model = M()
