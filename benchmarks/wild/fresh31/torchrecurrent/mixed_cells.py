"""A JANET cell, an MGU cell and a FastGRNN cell side by side in a ModuleDict."""

import torch.nn as nn
from torchrecurrent import FastGRNNCell, JANETCell, MGUCell

model = nn.ModuleDict(
    {
        "janet": JANETCell(6, 12),
        "mgu": MGUCell(6, 12, bias=False),
        "fastgrnn": FastGRNNCell(6, 9),
    }
)
