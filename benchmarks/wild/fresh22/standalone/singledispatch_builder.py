"""Layers built by a functools.singledispatch builder keyed on the spec's type."""

import functools
from typing import NamedTuple

from torch import nn


class Dense(NamedTuple):
    inp: int
    out: int


class Conv(NamedTuple):
    inp: int
    out: int
    k: int = 3


@functools.singledispatch
def build(spec):
    raise TypeError(spec)


@build.register
def _(spec: Dense):
    return nn.Linear(spec.inp, spec.out)


@build.register
def _(spec: Conv):
    return nn.Conv1d(spec.inp, spec.out, spec.k, padding=spec.k // 2)


SPECS = [Conv(4, 8), Conv(8, 8, k=5), Dense(8, 3)]
model = nn.ModuleList(build(s) for s in SPECS)
