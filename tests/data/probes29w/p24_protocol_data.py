# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from typing import Protocol, runtime_checkable


@runtime_checkable
class Sized(Protocol):
    width: int


class A:
    width = 12


class B:
    def __init__(self):
        self.height = 4


class M(nn.Module):
    def __init__(self):
        super().__init__()
        specs = [A(), B(), A()]
        self.layers = nn.ModuleList(
            nn.Linear(s.width, 4) if isinstance(s, Sized) else nn.Linear(s.height, 40)
            for s in specs
        )


model = M()
