"""`functools.singledispatch` turns heterogeneous spec objects (int, tuple, str, dict) into layers."""

from functools import singledispatch

import torch.nn as nn


@singledispatch
def to_layer(spec, in_f):
    raise TypeError(spec)


@to_layer.register
def _(spec: int, in_f):
    return nn.Linear(in_f, spec), spec


@to_layer.register
def _(spec: tuple, in_f):
    out, bias = spec
    return nn.Linear(in_f, out, bias=bias), out


@to_layer.register
def _(spec: str, in_f):
    if spec == "ln":
        return nn.LayerNorm(in_f), in_f
    if spec == "ln_noaffine":
        return nn.LayerNorm(in_f, elementwise_affine=False), in_f
    return getattr(nn, spec)(), in_f


@to_layer.register(dict)
def _(spec, in_f):
    return nn.Embedding(spec["num"], spec["dim"]), spec["dim"]


def build(specs, in_f):
    mods = []
    for s in specs:
        m, in_f = to_layer(s, in_f)
        mods.append(m)
    return nn.Sequential(*mods)


model = build([128, "ln", "GELU", (256, False), "ln_noaffine", "Tanh", 32], in_f=48)
