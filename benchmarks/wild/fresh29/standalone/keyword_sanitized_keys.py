"""Layer names sanitised for a ModuleDict with `keyword.iskeyword` / `str.isidentifier`: "in" becomes "in_" and overwrites the layer already stored under "in_"."""

import keyword

import torch.nn as nn

specs = [("in_", 40), ("in", 12), ("2nd", 6), ("out", 3)]


def clean(name):
    if keyword.iskeyword(name):
        return name + "_"
    if not name.isidentifier():
        return "l" + name
    return name


layers = nn.ModuleDict()
for name, width in specs:
    layers[clean(name)] = nn.Linear(10, width)
model = layers  # in_ (12), l2nd (6), out (3)
