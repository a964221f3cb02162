"""Widths from itertools.accumulate, layers from itertools.pairwise, composed with functools.reduce."""

import functools
import itertools
import operator

import torch.nn as nn

increments = [16, 16, 32, 64]
widths = list(itertools.accumulate(increments, operator.add, initial=8))  # 8, 24, 40, 72, 136
pairs = list(itertools.pairwise(widths))
layers = [nn.Sequential(nn.Linear(a, b), nn.SiLU()) for a, b in pairs]
model = functools.reduce(lambda seq, layer: seq.append(layer) or seq, layers, nn.Sequential())
model.append(nn.Linear(widths[-1], 1))
