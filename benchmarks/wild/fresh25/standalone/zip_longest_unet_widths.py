"""Encoder and decoder width lists of unequal length paired by itertools.zip_longest (fillvalue)."""

from itertools import zip_longest

import torch.nn as nn

enc = [8, 16, 32, 64]
dec = [32, 16]
blocks = nn.ModuleList()
for e, d in zip_longest(enc, dec, fillvalue=4):
    blocks.append(nn.Conv2d(e, d, kernel_size=3, padding=1))
model = blocks
