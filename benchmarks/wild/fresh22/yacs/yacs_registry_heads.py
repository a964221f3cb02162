"""A registry of heads selected by a yacs config string; attribute-style access all the way down."""

from torch import nn
from yacs.config import CfgNode as CN

HEADS = {}


def register(name):
    def deco(cls):
        HEADS[name] = cls
        return cls

    return deco


@register("linear")
class LinearHead(nn.Linear):
    def __init__(self, cfg):
        super().__init__(cfg.DIM, cfg.OUT)


@register("mlp")
class MLPHead(nn.Sequential):
    def __init__(self, cfg):
        super().__init__(nn.Linear(cfg.DIM, cfg.HIDDEN), nn.ReLU(), nn.Linear(cfg.HIDDEN, cfg.OUT))


cfg = CN(new_allowed=True)
cfg.HEAD = CN(new_allowed=True)
cfg.HEAD.NAME = "linear"
cfg.HEAD.DIM = 40
cfg.HEAD.OUT = 3
cfg.merge_from_list(["HEAD.NAME", "mlp"])
cfg.HEAD.HIDDEN = 20

model = nn.Sequential(nn.Linear(10, cfg.HEAD.DIM), HEADS[cfg.HEAD.NAME](cfg.HEAD))
