"""ViT whose blocks are made by ``map`` over a list of per-block widths (``[WIDTH] * DEPTH``, so a
taper can be tried later); patches by a strided conv."""

import torch
from torch import nn

IMAGE = 48
PATCH = 8
WIDTH = 96
HEADS = 6
DEPTH = 3
MLP = 192


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm1 = nn.LayerNorm(width, eps=1e-12)
        self.attn = nn.MultiheadAttention(width, HEADS, batch_first=True)
        self.norm2 = nn.LayerNorm(width, eps=1e-12)
        self.fc1 = nn.Linear(width, MLP)
        self.fc2 = nn.Linear(MLP, width)

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.fc2(nn.functional.gelu(self.fc1(self.norm2(x))))


class ViT(nn.Module):
    def __init__(self):
        super().__init__()
        n = (IMAGE // PATCH) ** 2
        self.patch = nn.Conv2d(3, WIDTH, PATCH, PATCH)
        self.cls = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.pos = nn.Parameter(torch.zeros(1, n + 1, WIDTH))
        self.blocks = nn.ModuleList(map(Block, [WIDTH] * DEPTH))
        self.norm = nn.LayerNorm(WIDTH, eps=1e-12)
        self.pooler = nn.Linear(WIDTH, WIDTH)

    def forward(self, pixels):
        x = self.patch(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], 1) + self.pos
        for blk in self.blocks:
            x = blk(x)
        x = self.norm(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
