"""Widths recovered by parsing `str(spec)` and `repr(spec)`: `__str__` shows the output width, `__repr__` the input."""

import re

import torch.nn as nn


class LayerSpec:
    def __init__(self, d_in, d_out):
        self.d_in, self.d_out = d_in, d_out

    def __str__(self):
        return f"Linear -> {self.d_out}"

    def __repr__(self):
        return f"LayerSpec(in={self.d_in * 2})"


specs = [LayerSpec(8, 16), LayerSpec(16, 24)]
layers = []
for s in specs:
    d_out = int(re.search(r"-> (\d+)", str(s)).group(1))
    d_in = int(re.search(r"in=(\d+)", repr(s)).group(1))
    layers.append(nn.Linear(d_in, d_out))
model = nn.Sequential(*layers)
