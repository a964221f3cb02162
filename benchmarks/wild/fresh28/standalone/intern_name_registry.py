"""A registry keyed by `sys.intern`ed names compared with `is`: a name built at runtime only matches after interning."""

import sys

import torch.nn as nn

REGISTRY = {}


def register(name, width):
    REGISTRY[sys.intern(name)] = width


register("enc" + "oder", 32)
register("dec" + "oder", 16)

wanted = ["".join(["enc", "oder"]), "".join(["dec", "oder"])]
layers = []
for w in wanted:
    key = sys.intern(w)
    hit = [v for k, v in REGISTRY.items() if k is key]
    layers.append(nn.Linear(10, hit[0] if hit else 1))
model = nn.ModuleList(layers)
