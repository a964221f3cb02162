"""SigLIP 2's vision tower (NaFlex layout): patches are flattened and embedded by a Linear whose
input width is ``math.prod`` of the patch's shape; a fixed grid of learned positions; a
multi-head attention pooling head with one learned probe."""

import math

import torch
from torch import nn

PATCH_SHAPE = (3, 16, 16)  # channels, height, width
GRID = 16  # learned positions (a 4 x 4 grid, resized for other image sizes)
WIDTH, HEADS, MLP, DEPTH = 64, 4, 128, 2
EPS = 1e-6


class MLPBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(WIDTH, MLP)
        self.fc2 = nn.Linear(MLP, WIDTH)

    def forward(self, x):
        return self.fc2(nn.functional.gelu(self.fc1(x), approximate="tanh"))


class EncoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = nn.LayerNorm(WIDTH, eps=EPS)
        self.attn = nn.MultiheadAttention(WIDTH, HEADS, batch_first=True)
        self.norm2 = nn.LayerNorm(WIDTH, eps=EPS)
        self.mlp = MLPBlock()

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.norm2(x))


class MAPHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.probe = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.attention = nn.MultiheadAttention(WIDTH, HEADS, batch_first=True)
        self.layernorm = nn.LayerNorm(WIDTH, eps=EPS)
        self.mlp = MLPBlock()

    def forward(self, x):
        h = self.attention(self.probe.expand(x.shape[0], -1, -1), x, x, need_weights=False)[0]
        return (h + self.mlp(self.layernorm(h)))[:, 0]


class Siglip2Vision(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_embedding = nn.Linear(math.prod(PATCH_SHAPE), WIDTH)
        self.position_embedding = nn.Embedding(GRID, WIDTH)
        self.blocks = nn.ModuleList(EncoderBlock() for _ in range(DEPTH))
        self.post_layernorm = nn.LayerNorm(WIDTH, eps=EPS)
        self.head = MAPHead()

    def forward(self, patches):
        side = int(GRID**0.5)
        pos = self.position_embedding.weight.T.reshape(1, WIDTH, side, side)
        n = int(patches.shape[1] ** 0.5)
        pos = (
            nn.functional.interpolate(pos, size=(n, n), mode="bilinear").flatten(2).transpose(1, 2)
        )
        x = self.patch_embedding(patches) + pos
        for blk in self.blocks:
            x = blk(x)
        x = self.post_layernorm(x)
        return x, self.head(x)
