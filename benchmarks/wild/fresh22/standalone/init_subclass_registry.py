"""Blocks self-register through __init_subclass__ with a keyword; the net is assembled by name."""

from torch import nn


class Block(nn.Module):
    registry: dict = {}

    def __init_subclass__(cls, key: str = "", **kw):
        super().__init_subclass__(**kw)
        if key:
            Block.registry[key] = cls


class Res(Block, key="res"):
    def __init__(self, d):
        super().__init__()
        self.f = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, d))


class Gate(Block, key="gate"):
    def __init__(self, d):
        super().__init__()
        self.g = nn.Linear(d, 2 * d)


class Plain(Block):  # no key: not registered
    def __init__(self, d):
        super().__init__()
        self.l = nn.Linear(d, d, bias=False)


model = nn.Sequential(*(Block.registry[k](24) for k in ["res", "gate", "res"]))
