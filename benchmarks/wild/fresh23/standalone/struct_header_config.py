"""Hyperparameters decoded with struct.unpack from a packed binary header (as firmware-side configs are)."""

import struct

from torch import nn

HEADER = struct.pack("<4sHHHBB", b"NET1", 40, 64, 10, 3, 1)
magic, n_in, hidden, n_out, depth, use_bias = struct.unpack("<4sHHHBB", HEADER)
assert magic == b"NET1"

layers = [nn.Linear(n_in, hidden, bias=bool(use_bias)), nn.ReLU()]
for _ in range(depth - 1):
    layers += [nn.Linear(hidden, hidden, bias=bool(use_bias)), nn.ReLU()]
layers.append(nn.Linear(hidden, n_out))
model = nn.Sequential(*layers)
