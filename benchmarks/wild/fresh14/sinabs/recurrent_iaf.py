"""Recurrent integrate-and-fire layers: each IAFRecurrent owns its recurrent connection."""

import torch.nn as nn
from sinabs.layers import IAF, IAFRecurrent


def recurrent_block(width: int) -> nn.Sequential:
    rec = nn.Linear(width, width, bias=False)
    return nn.Sequential(nn.Linear(width, width), IAFRecurrent(rec_connect=rec))


model = nn.Sequential(
    nn.Linear(64, 96),
    IAF(),
    *[recurrent_block(96) for _ in range(2)],
    nn.Linear(96, 11),
)
