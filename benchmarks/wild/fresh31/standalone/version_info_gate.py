"""A feature gate on sys.version_info (tuple comparison): on Python >= 3.8 (always here) the block uses a
GRU with 2 layers, otherwise an LSTM; a second gate on a version far in the future is never taken."""

import sys

import torch.nn as nn

rnn = nn.GRU(8, 16, num_layers=2) if sys.version_info >= (3, 8) else nn.LSTM(8, 16)
extra = nn.Linear(16, 64) if sys.version_info >= (4, 0) else nn.Linear(16, 3)
model = nn.ModuleDict({"rnn": rnn, "head": extra})
