"""The three stages with the largest scores chosen by `heapq.nlargest` with a key; the chain follows the heap's
order (score descending, first occurrence wins a tie)."""

import heapq

import torch.nn as nn

stages = [("a", 24, 0.7), ("b", 40, 0.9), ("c", 8, 0.7), ("d", 56, 0.1), ("e", 32, 0.9)]
top = heapq.nlargest(3, stages, key=lambda s: s[2])  # b(40), e(32), a(24)
widths = [w for _, w, _ in top]
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip([6] + widths, widths)])
