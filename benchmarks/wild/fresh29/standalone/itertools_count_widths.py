"""Widths from `itertools.count(start, step)` zipped against a layer-name list (zip stops at the shorter)."""

import itertools

import torch.nn as nn

names = ["a", "b", "c", "d"]
widths = dict(zip(names, itertools.count(10, 6)))  # 10, 16, 22, 28
model = nn.ModuleDict({n: nn.Linear(w, w + 1) for n, w in widths.items()})
