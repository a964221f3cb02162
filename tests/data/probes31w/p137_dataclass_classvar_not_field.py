# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import dataclasses
from typing import ClassVar


@dataclasses.dataclass
class Cfg:
    width: int = 3
    depth: ClassVar[int] = 2
    heads = 5


class M(nn.Module):
    def __init__(self):
        super().__init__()
        n = len(dataclasses.fields(Cfg))
        d = dataclasses.asdict(Cfg())
        self.a = nn.Linear(n, len(d))
        self.b = nn.ModuleList(nn.Linear(Cfg.heads, 1) for _ in range(Cfg.depth))


model = M()
