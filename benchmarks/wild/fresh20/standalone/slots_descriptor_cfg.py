"""A __slots__ config whose fields are validated by a descriptor; a closure returns modules."""

import torch.nn as nn


class Positive:
    def __set_name__(self, owner, name):
        self.name = "_" + name

    def __get__(self, obj, owner=None):
        return getattr(obj, self.name)

    def __set__(self, obj, value):
        if value <= 0:
            raise ValueError(value)
        setattr(obj, self.name, int(value))


class Cfg:
    __slots__ = ("_width", "_depth", "_inp")
    width = Positive()
    depth = Positive()
    inp = Positive()

    def __init__(self, width, depth, inp):
        self.width, self.depth, self.inp = width, depth, inp


def factory(cfg):
    def layer(i):
        return nn.Linear(cfg.inp if i == 0 else cfg.width, cfg.width)

    return nn.Sequential(*(layer(i) for i in range(cfg.depth)), nn.Linear(cfg.width, 1))


model = factory(Cfg(width=50.0, depth=3, inp=7))
