"""Blocks register themselves with __init_subclass__ and class keyword arguments."""

import torch.nn as nn


class Block(nn.Module):
    registry = {}
    expansion = 1

    def __init_subclass__(cls, key=None, expansion=1, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.expansion = expansion
        if key is not None:
            Block.registry[key] = cls


class Plain(Block, key="plain"):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c * self.expansion, 3, padding=1)


class Wide(Block, key="wide", expansion=2):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c * self.expansion, 3, padding=1)
        self.back = nn.Conv2d(c * self.expansion, c, 1)


class Hidden(Wide):  # no key: inherits nothing into the registry, keeps expansion=1
    pass


class Net(nn.Module):
    def __init__(self, plan, c=16):
        super().__init__()
        self.stem = nn.Conv2d(3, c, 3, padding=1)
        self.body = nn.Sequential(*[Block.registry[k](c) for k in plan])
        self.extra = Hidden(c)


model = Net(["plain", "wide", "wide", "plain"], c=16)
