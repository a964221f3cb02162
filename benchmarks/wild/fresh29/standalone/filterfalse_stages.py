"""Stages kept by `itertools.filterfalse` (the ones the predicate rejects), not by `filter`."""

import itertools

import torch.nn as nn

stages = [12, 7, 20, 9, 16]
keep = list(itertools.filterfalse(lambda w: w % 2, stages))  # even widths: 12, 20, 16
model = nn.Sequential(*[nn.Linear(w, w) for w in keep])
