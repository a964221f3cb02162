"""Stages built in dependency order by `graphlib.TopologicalSorter`; each stage's input width is the sum of its parents' widths."""

from graphlib import TopologicalSorter

import torch.nn as nn

deps = {"fuse": {"rgb", "depth"}, "head": {"fuse"}, "rgb": set(), "depth": set()}
own = {"rgb": 12, "depth": 4, "fuse": 20, "head": 3}
inputs = {"rgb": 3, "depth": 1}

out = {}
layers = nn.ModuleDict()
for name in TopologicalSorter(deps).static_order():
    fan_in = inputs.get(name) or sum(out[p] for p in deps[name])
    layers[name] = nn.Linear(fan_in, own[name])
    out[name] = own[name]
model = layers
