import torch.nn as nn


class Cfg:
    __slots__ = ("dim", "n", "expand")

    def __init__(self, dim=32, n=2, expand=4):
        self.dim, self.n, self.expand = dim, n, expand


def make_factory(cfg):
    def mlp():
        return nn.Sequential(nn.Linear(cfg.dim, cfg.dim * cfg.expand), nn.SiLU(), nn.Linear(cfg.dim * cfg.expand, cfg.dim))

    def tower():
        return nn.Sequential(*[mlp() for _ in range(cfg.n)])

    return tower


cfg = Cfg(dim=24)
cfg.n = 3
tower = make_factory(cfg)
model = nn.ModuleDict({"a": tower(), "b": tower(), "plist": nn.ParameterList([nn.Parameter(nn.init.zeros_(nn.Linear(2, 2).weight))])})
