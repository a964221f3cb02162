"""A `collections.UserDict` config whose `__setitem__` doubles every int stored under a key ending in "_dim" (including through `update`)."""

from collections import UserDict

import torch.nn as nn


class DimConfig(UserDict):
    def __setitem__(self, key, value):
        if key.endswith("_dim") and isinstance(value, int):
            value = value * 2
        super().__setitem__(key, value)


cfg = DimConfig(in_dim=5, layers=2)  # the constructor goes through update -> __setitem__
cfg.update({"hidden_dim": 12})
cfg["out_dim"] = 3
model = nn.Sequential(
    nn.Linear(cfg["in_dim"], cfg["hidden_dim"]),
    *[nn.Linear(cfg["hidden_dim"], cfg["hidden_dim"]) for _ in range(cfg["layers"])],
    nn.Linear(cfg["hidden_dim"], cfg["out_dim"]),
)
