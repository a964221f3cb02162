# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import dataclasses
from dataclasses import dataclass, field

import torch.nn as nn


@dataclass
class Base:
    dim: int = 8
    tags: list = field(default_factory=list)

    def __post_init__(self):
        self.tags.append("base")


@dataclass
class Child(Base):
    heads: int = 2
    dim: int = 16

    def __post_init__(self):
        super().__post_init__()
        self.tags.append("child")


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Child(4)
        self.a = nn.Linear(c.dim, c.heads)
        self.b = nn.Linear(len(c.tags), len(dataclasses.fields(Child)))
        names = [f.name for f in dataclasses.fields(Child)]
        self.c = nn.Linear(names.index("heads") + 1, 2)


model = M()
