import torch.nn as nn


class Cfg:
    dim = 4
    depth = 1
    act = "relu"


def apply_overrides(cfg, overrides):
    for k, v in overrides.items():
        if not hasattr(cfg, k):
            raise KeyError(k)
        setattr(cfg, k, type(getattr(cfg, k))(v))
    return cfg


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = apply_overrides(Cfg(), {"dim": "6", "depth": 2.0})
        self.ls = nn.ModuleList(nn.Linear(c.dim, c.dim) for _ in range(c.depth))
        self.d = nn.Linear(Cfg.dim, 1)
