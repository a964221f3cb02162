"""Widths kept sorted with `bisect.insort` as they arrive from a config; the tower is built in sorted order."""

import bisect

import torch.nn as nn

widths = []
for w in (48, 12, 30, 24, 12):
    bisect.insort(widths, w)  # [12, 12, 24, 30, 48]
model = nn.Sequential(*[nn.Conv1d(a, b, 3, padding=1) for a, b in zip([1] + widths, widths)])
