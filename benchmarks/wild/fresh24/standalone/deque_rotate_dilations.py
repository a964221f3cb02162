"""A WaveNet-style stack: each block takes the head of a deque of dilations, then rotates it."""

import collections

import torch.nn as nn


class DilatedStack(nn.Module):
    def __init__(self, ch=32, n_blocks=6, dilations=(1, 2, 4)):
        super().__init__()
        d = collections.deque(dilations)
        blocks = []
        for _ in range(n_blocks):
            blocks.append(nn.Conv1d(ch, 2 * ch, 2 + d[0], dilation=d[0], padding=d[0]))
            d.rotate(-1)
        self.blocks = nn.ModuleList(blocks)
        self.out = nn.Conv1d(2 * ch, 1, 1)


model = DilatedStack(ch=32, n_blocks=6, dilations=(1, 2, 4))
