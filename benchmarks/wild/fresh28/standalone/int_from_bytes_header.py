"""Widths decoded from a packed header with `int.from_bytes` (big- and little-endian fields) through a `memoryview` slice."""

import torch.nn as nn

header = bytes([0x00, 0x40, 0x20, 0x00, 0x03])
view = memoryview(header)
d_model = int.from_bytes(view[0:2], "big")  # 64
d_ff = int.from_bytes(view[2:4], "little")  # 32
n_layers = view[4]  # 3

model = nn.Sequential(
    *[nn.Sequential(nn.Linear(d_model, d_ff), nn.Linear(d_ff, d_model)) for _ in range(n_layers)]
)
