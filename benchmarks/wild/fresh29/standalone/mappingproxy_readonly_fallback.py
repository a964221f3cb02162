"""A read-only `types.MappingProxyType` config: the override attempt raises TypeError, so the default width stays."""

import types

import torch.nn as nn

_base = {"width": 24, "depth": 2}
cfg = types.MappingProxyType(_base)
try:
    cfg["width"] = 48
except TypeError:
    pass
_base["depth"] = 3  # the proxy is a live view: this change shows through
model = nn.Sequential(*[nn.Linear(cfg["width"], cfg["width"]) for _ in range(cfg["depth"])])
