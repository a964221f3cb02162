"""A model builder based on functools.singledispatch: an int spec is a Linear width, a tuple a
(conv channels, kernel) pair, a dict a named sub-block, a list a Sequential; a dataclass spec
dispatches to a registered handler."""

from dataclasses import dataclass
from functools import singledispatch

import torch.nn as nn


@dataclass
class Residual:
    dim: int
    hidden: int


@singledispatch
def build(spec, in_dim):
    raise TypeError(type(spec))


@build.register
def _(spec: int, in_dim):
    return nn.Linear(in_dim, spec), spec


@build.register
def _(spec: tuple, in_dim):
    ch, k = spec
    return nn.Conv1d(in_dim, ch, k, padding=k // 2), ch


@build.register
def _(spec: list, in_dim):
    mods = []
    for s in spec:
        m, in_dim = build(s, in_dim)
        mods.append(m)
    return nn.Sequential(*mods), in_dim


@build.register
def _(spec: dict, in_dim):
    out = nn.ModuleDict()
    dims = []
    for name, s in spec.items():
        out[name], d = build(s, in_dim)
        dims.append(d)
    return out, sum(dims)


@build.register(Residual)
def _(spec, in_dim):
    assert spec.dim == in_dim
    return nn.Sequential(
        nn.Linear(spec.dim, spec.hidden), nn.ReLU(), nn.Linear(spec.hidden, spec.dim)
    ), spec.dim


SPEC = [(16, 5), (32, 3), {"a": [(8, 1)], "b": [(24, 3), (12, 3)]}]
trunk, ch = build(SPEC, 4)
head, _ = build([Residual(20, 40), 6], 20)
model = nn.ModuleDict({"trunk": trunk, "proj": nn.Linear(ch, 20), "head": head})
