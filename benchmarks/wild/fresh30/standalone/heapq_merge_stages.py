"""Two sorted stage lists merged lazily with `heapq.merge(..., reverse=True)`: both inputs descending, the result
descending, so the encoder narrows."""

import heapq

import torch.nn as nn

enc = [96, 40, 8]
extra = [64, 40, 16]
widths = list(heapq.merge(enc, extra, reverse=True))  # [96, 64, 40, 40, 16, 8]
model = nn.Sequential(
    nn.Linear(128, widths[0]), *[nn.Linear(a, b) for a, b in zip(widths, widths[1:])]
)
