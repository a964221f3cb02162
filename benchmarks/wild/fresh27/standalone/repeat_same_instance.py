"""`itertools.repeat(layer, 3)` puts the same Linear three times in a Sequential: one set of weights."""

import itertools

import torch.nn as nn

shared = nn.Linear(32, 32)
model = nn.Sequential(nn.Linear(8, 32), *itertools.repeat(shared, 3), nn.Linear(32, 2))
