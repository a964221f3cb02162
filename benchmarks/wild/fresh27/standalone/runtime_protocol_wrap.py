"""A `runtime_checkable` Protocol (has `reset_parameters`) decides which layers get a residual LayerNorm after them."""

from typing import Protocol, runtime_checkable

import torch.nn as nn


@runtime_checkable
class Resettable(Protocol):
    def reset_parameters(self) -> None: ...


layers = [nn.Linear(12, 12), nn.GELU(), nn.Linear(12, 12), nn.Dropout(0.1), nn.Linear(12, 3)]
mods = []
for layer in layers:
    mods.append(layer)
    if isinstance(layer, Resettable):
        mods.append(nn.LayerNorm(layer.out_features))
model = nn.Sequential(*mods)
