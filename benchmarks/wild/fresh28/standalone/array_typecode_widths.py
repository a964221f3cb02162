"""Widths stored in an `array.array('B', ...)` (unsigned bytes): a value over 255 would not fit, so the file adds 200 then wraps by hand."""

import array

import torch.nn as nn

raw = [40, 70, 130]
widths = array.array("B", [(w + 200) % 256 for w in raw])  # 240, 14, 74
widths.append(32)
widths.reverse()

layers, prev = [], 5
for w in widths:
    layers.append(nn.Linear(prev, w))
    prev = w
model = nn.Sequential(*layers)
