"""An ABC whose __subclasshook__ accepts any class with a `weight` and `in_features`: those layers get a norm after them."""

from abc import ABC

import torch.nn as nn


class Projection(ABC):  # noqa: B024 (no abstract methods: only the hook)
    @classmethod
    def __subclasshook__(cls, sub):
        if cls is Projection:
            names = set().union(*(vars(k) for k in sub.__mro__))
            return "in_features" in names or "in_features" in getattr(sub, "__annotations__", {})
        return NotImplemented


parts = [nn.Linear(16, 32), nn.Conv1d(32, 32, 1), nn.Linear(32, 32), nn.Bilinear(32, 32, 8)]
mods = []
for p in parts:
    mods.append(p)
    if issubclass(type(p), Projection):
        mods.append(nn.LayerNorm(p.out_features))
model = nn.ModuleList(mods)
