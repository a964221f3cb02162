"""bisect.bisect_left vs bisect_right on a value equal to a boundary: for 64 in [32, 64, 128] bisect_left is
1 and bisect_right is 2; the bucket index picks the width from a table."""

import bisect

import torch.nn as nn

BOUNDS = [32, 64, 128]
WIDTHS = [8, 16, 24, 32]
seq_len = 64
enc_w = WIDTHS[bisect.bisect_left(BOUNDS, seq_len)]  # 16
dec_w = WIDTHS[bisect.bisect_right(BOUNDS, seq_len)]  # 24
model = nn.ModuleDict({"enc": nn.LSTM(5, enc_w), "dec": nn.LSTM(enc_w, dec_w)})
