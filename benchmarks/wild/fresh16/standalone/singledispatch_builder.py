import functools

import torch.nn as nn


@functools.singledispatch
def build(spec, c_in):
    raise TypeError(f"bad spec {spec!r}")


@build.register
def _(spec: int, c_in):
    return nn.Conv2d(c_in, spec, 3, padding=1), spec


@build.register
def _(spec: tuple, c_in):
    c_out, k = spec
    return nn.Conv2d(c_in, c_out, k, padding=k // 2, bias=False), c_out


@build.register
def _(spec: str, c_in):
    if spec == "M":
        return nn.MaxPool2d(2), c_in
    if spec == "BN":
        return nn.BatchNorm2d(c_in), c_in
    return nn.ReLU(), c_in


@build.register(list)
def _(spec, c_in):
    mods = []
    for s in spec:
        m, c_in = build(s, c_in)
        mods.append(m)
    return nn.Sequential(*mods), c_in


SPEC = [16, "BN", "R", (32, 5), "R", "M", [(48, 1), "BN", "R"], "M", 64]
features, c = build(SPEC, 3)
model = nn.Sequential(features, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c, 100))
