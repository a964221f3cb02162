"""Modules composed with a custom | operator; a module composed twice keeps one set of weights."""

import torch.nn as nn


class Chain(nn.Sequential):
    def __or__(self, other):
        return Chain(*self, *(other if isinstance(other, nn.Sequential) else [other]))


proj = nn.Linear(32, 32)
trunk = Chain(nn.Linear(10, 32)) | nn.GELU() | proj | nn.GELU() | proj
model = trunk | Chain(nn.LayerNorm(32), nn.Linear(32, 3))
