# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import dataclasses


@dataclasses.dataclass
class Base:
    width: int = 4
    depth: int = 1


@dataclasses.dataclass
class Child(Base):
    width: int = 8
    heads: int = 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Child(3)
        names = [f.name for f in dataclasses.fields(Child)]
        self.a = nn.Linear(c.width, c.heads)
        self.b = nn.Linear(len(names), len(names[1]))


model = M()
