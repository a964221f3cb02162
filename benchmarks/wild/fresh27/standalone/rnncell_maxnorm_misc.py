"""Rarely used layers together: an `nn.RNNCell` (ReLU), an `nn.Embedding` with `max_norm`, a ChannelShuffle and LRN."""

import torch.nn as nn


class Mixed(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(60, 12, max_norm=1.0)
        self.cell = nn.RNNCell(12, 20, nonlinearity="relu")
        self.conv = nn.Conv2d(4, 8, 3, groups=2)
        self.shuffle = nn.ChannelShuffle(2)
        self.lrn = nn.LocalResponseNorm(3)
        self.out = nn.Linear(20, 5)


model = Mixed()
