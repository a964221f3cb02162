import torch.nn as nn


class PositiveInt:
    def __set_name__(self, owner, name):
        self.name = "_" + name

    def __get__(self, obj, objtype=None):
        return getattr(obj, self.name)

    def __set__(self, obj, value):
        if value <= 0:
            raise ValueError(value)
        setattr(obj, self.name, int(value))


class HParams:
    width = PositiveInt()
    depth = PositiveInt()

    def __init__(self, width, depth):
        self.width = width
        self.depth = depth


REGISTRY = {}


class Backbone(nn.Module):
    def __init_subclass__(cls, tag=None, **kw):
        super().__init_subclass__(**kw)
        REGISTRY[tag or cls.__name__.lower()] = cls


class Residual(Backbone, tag="res"):
    def __init__(self, hp: HParams):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Sequential(nn.Linear(hp.width, hp.width), nn.GELU()) for _ in range(hp.depth))


class Plain(Backbone):
    def __init__(self, hp: HParams):
        super().__init__()
        self.net = nn.Sequential(*[nn.Linear(hp.width, hp.width) for _ in range(hp.depth)])


hp = HParams(40.0, 3)
hp.depth = 5
model = REGISTRY["res"](hp)
