"""Widths packed with `int.to_bytes` into a `bytearray`, one byte patched in place, then read back byte by byte."""

import torch.nn as nn

buf = bytearray()
for w in (12, 300):
    buf += w.to_bytes(2, "big")
buf[1] = 20  # the first width becomes 20
w_a = int.from_bytes(buf[0:2], "big")
w_b = int.from_bytes(buf[2:4], "big")  # 300
model = nn.Sequential(nn.Linear(w_a, w_b), nn.Linear(w_b, w_a))
