"""A __slots__ config class and an Enum-keyed table of layer widths."""

import enum

import torch.nn as nn


class Size(enum.Enum):
    TINY = enum.auto()
    SMALL = enum.auto()
    BASE = enum.auto()


class Act(enum.IntEnum):
    RELU = 0
    GELU = 1


WIDTHS = {Size.TINY: (32, 1), Size.SMALL: (64, 2), Size.BASE: (128, 4)}
ACTS = [nn.ReLU, nn.GELU]


class Cfg:
    __slots__ = ("size", "act", "in_dim", "classes")

    def __init__(self, size, act, in_dim, classes):
        self.size, self.act, self.in_dim, self.classes = size, act, in_dim, classes


def make(cfg: Cfg) -> nn.Sequential:
    width, depth = WIDTHS[cfg.size]
    layers = [nn.Linear(cfg.in_dim, width), ACTS[cfg.act]()]
    for _ in range(depth):
        layers += [nn.Linear(width, width), ACTS[cfg.act]()]
    layers.append(nn.Linear(width, cfg.classes))
    return nn.Sequential(*layers)


model = make(Cfg(Size["SMALL"], Act.GELU, in_dim=30, classes=4))
