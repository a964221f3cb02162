# functools.singledispatch builds a module from an int, a tuple or a dict config
from functools import singledispatch

import torch.nn as nn


@singledispatch
def build(cfg):
    raise TypeError(cfg)


@build.register
def _(cfg: int):
    return nn.Linear(cfg, cfg)


@build.register
def _(cfg: tuple):
    return nn.Sequential(*[nn.Linear(a, b) for a, b in zip(cfg, cfg[1:])])


@build.register
def _(cfg: dict):
    return nn.ModuleDict({k: build(v) for k, v in cfg.items()})


model = build({"proj": (300, 200, 100), "square": 100, "nested": {"a": 50, "b": (100, 50)}})
