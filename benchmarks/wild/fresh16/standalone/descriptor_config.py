"""Hyper-parameters as descriptors with defaults and validation (a home-grown config system)."""

import torch.nn as nn


class Hyper:
    def __init__(self, default, low=None):
        self.default = default
        self.low = low

    def __set_name__(self, owner, name):
        self.name = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.name, self.default)

    def __set__(self, obj, value):
        if self.low is not None and value < self.low:
            raise ValueError(f"{self.name[1:]} must be >= {self.low}")
        setattr(obj, self.name, value)


class MLPConfig:
    d_in = Hyper(16, low=1)
    d_hidden = Hyper(64, low=1)
    n_layers = Hyper(2, low=1)
    d_out = Hyper(1)

    def __init__(self, **kw):
        for k, v in kw.items():
            setattr(self, k, v)


class MLP(nn.Module):
    def __init__(self, cfg: MLPConfig):
        super().__init__()
        dims = [cfg.d_in] + [cfg.d_hidden] * cfg.n_layers
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims, dims[1:]))
        self.out = nn.Linear(dims[-1], cfg.d_out)


cfg = MLPConfig(d_hidden=48, n_layers=3)
cfg.d_out = 4
model = MLP(cfg)
