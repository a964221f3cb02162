"""heapq.nsmallest picks the narrowest blocks of a pyramid; those are frozen for transfer learning."""

import heapq

from torch import nn

widths = [16, 48, 24, 64, 32, 40]
blocks = nn.ModuleList()
prev = 4
for w in widths:
    blocks.append(nn.Sequential(nn.Conv1d(prev, w, 3, padding=1), nn.GroupNorm(4, w), nn.SiLU()))
    prev = w

for idx, _ in heapq.nsmallest(2, enumerate(widths), key=lambda iw: iw[1]):
    blocks[idx].requires_grad_(False)

model = nn.Sequential(*blocks, nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(prev, 3))
