import functools
from dataclasses import dataclass
import torch.nn as nn


@dataclass
class Dense:
    i: int
    o: int


@dataclass
class Conv:
    c_in: int
    c_out: int
    k: int = 3


@functools.singledispatch
def build(spec):
    raise TypeError(spec)


@build.register
def _(spec: Dense):
    return nn.Linear(spec.i, spec.o)


@build.register
def _(spec: Conv):
    return nn.Conv1d(spec.c_in, spec.c_out, spec.k, padding=spec.k // 2)


@build.register(list)
def _(spec):
    return nn.Sequential(*map(build, spec))


model = build([Conv(4, 16), Conv(16, 32, 5), [Dense(32, 64), Dense(64, 10)]])
