"""An MLP whose layers come from map(nn.Linear, ins, outs)."""

import torch.nn as nn

widths = [24, 96, 48, 12]
layers = list(map(nn.Linear, widths[:-1], widths[1:]))
model = nn.Sequential(*[m for lin in layers for m in (lin, nn.Tanh())][:-1])
