"""Candidate blocks filtered by itertools.compress with a 0/1 selector list."""

from itertools import compress

import torch.nn as nn

candidates = [
    nn.Linear(32, 32),
    nn.LayerNorm(32),
    nn.Linear(32, 32, bias=False),
    nn.Dropout(0.2),
    nn.Linear(32, 64),
    nn.Linear(32, 4),
]
keep = [1, 1, 0, 1, 0, 1]
model = nn.Sequential(*compress(candidates, keep))
