"""`itertools.dropwhile` skips the leading narrow stages; a narrow stage after a wide one is kept."""

import itertools

import torch.nn as nn

stages = [8, 12, 32, 16, 64]
kept = list(itertools.dropwhile(lambda w: w < 16, stages))
model = nn.Sequential(*(nn.Conv2d(3 if i == 0 else kept[i - 1], w, 3) for i, w in enumerate(kept)))
