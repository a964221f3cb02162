"""A config whose fields are validated descriptors (with `__set_name__`), feeding an MLP builder."""

import torch.nn as nn


class Positive:
    def __init__(self, default):
        self.default = default

    def __set_name__(self, owner, name):
        self.private = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.private, self.default)

    def __set__(self, obj, value):
        if value <= 0:
            raise ValueError(value)
        setattr(obj, self.private, value)


class Derived:
    """Computed from other fields: hidden = width * mult."""

    def __get__(self, obj, objtype=None):
        return obj.width * obj.mult


class Cfg:
    width = Positive(64)
    mult = Positive(4)
    depth = Positive(2)
    hidden = Derived()


cfg = Cfg()
cfg.width = 96
cfg.depth = 3


class Block(nn.Module):
    def __init__(self, c: Cfg):
        super().__init__()
        self.norm = nn.LayerNorm(c.width)
        self.up = nn.Linear(c.width, c.hidden)
        self.down = nn.Linear(c.hidden, c.width)


model = nn.Sequential(*[Block(cfg) for _ in range(cfg.depth)])
