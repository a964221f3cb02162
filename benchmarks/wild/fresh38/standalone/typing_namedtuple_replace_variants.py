# a typing.NamedTuple config; the variant comes from ._replace
from typing import NamedTuple

import torch.nn as nn


class MLPCfg(NamedTuple):
    d_in: int = 20
    hidden: tuple = (64, 64)
    d_out: int = 1
    norm: bool = False


def build(c: MLPCfg):
    dims = (c.d_in, *c.hidden)
    layers = []
    for a, b in zip(dims, dims[1:]):
        layers.append(nn.Linear(a, b))
        if c.norm:
            layers.append(nn.LayerNorm(b))
        layers.append(nn.GELU())
    return nn.Sequential(*layers, nn.Linear(dims[-1], c.d_out))


base = MLPCfg()
model = build(base._replace(hidden=(128, 96, 64), norm=True, d_out=5))
