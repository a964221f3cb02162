"""SimpleNamespace configs: vars(ns) is the live __dict__, so updating it changes the namespace (a copy would not)."""

import copy
from types import SimpleNamespace

import torch.nn as nn

base = SimpleNamespace(hidden=32, layers=2, heads=4)
snapshot = copy.copy(base)
vars(base).update(hidden=64, layers=3)
shadow = dict(vars(snapshot))
shadow["heads"] = 8  # a dict copy: the namespace keeps 4

cfg = SimpleNamespace(**vars(base), out=10)
model = nn.Sequential(
    *[nn.Linear(cfg.hidden, cfg.hidden) for _ in range(cfg.layers)],
    nn.MultiheadAttention(cfg.hidden, snapshot.heads),
    nn.Linear(snapshot.hidden, cfg.out),
)
