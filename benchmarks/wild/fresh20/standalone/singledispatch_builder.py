"""Layers built by a functools.singledispatch on the spec's type."""

from functools import singledispatch

import torch.nn as nn


@singledispatch
def build(spec, width):
    raise TypeError(spec)


@build.register
def _(spec: int, width):
    return nn.Linear(width, spec), spec


@build.register
def _(spec: str, width):
    return {"relu": nn.ReLU(), "ln": nn.LayerNorm(width)}[spec], width


@build.register
def _(spec: tuple, width):
    layers = []
    for s in spec:
        layer, width = build(s, width)
        layers.append(layer)
    return nn.Sequential(*layers), width


net, out_width = build((64, "ln", "relu", (32, "relu"), 10), 20)
model = net
