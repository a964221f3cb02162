"""A ViT encoder (fused qkv, pooler) whose sizes are C99 hex floats from our firmware header."""

import torch
import torch.nn as nn
import torch.nn.functional as F

IMAGE = int(float.fromhex("0x1p5"))
PATCH = int(float.fromhex("0x1p2"))
WIDTH = int(float.fromhex("0x1p6"))
DEPTH = int(float.fromhex("0x1p1"))
HEADS = int(float.fromhex("0x1p2"))
MLP = int(float.fromhex("0x1.8p7"))
EPS = 1e-12
GRID = IMAGE // PATCH


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(WIDTH, eps=EPS)
        self.qkv = nn.Linear(WIDTH, 3 * WIDTH)
        self.proj = nn.Linear(WIDTH, WIDTH)
        self.ln2 = nn.LayerNorm(WIDTH, eps=EPS)
        self.mlp = nn.Sequential(nn.Linear(WIDTH, MLP), nn.GELU(), nn.Linear(MLP, WIDTH))

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.qkv(self.ln1(x)).view(b, n, 3, HEADS, -1).permute(2, 0, 3, 1, 4)
        x = x + self.proj(F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, n, -1))
        return x + self.mlp(self.ln2(x))


class VisionTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, WIDTH, PATCH, PATCH)
        self.cls = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.pos = nn.Parameter(torch.zeros(1, GRID * GRID + 1, WIDTH))
        self.blocks = nn.Sequential(*[Block() for _ in range(DEPTH)])
        self.norm = nn.LayerNorm(WIDTH, eps=EPS)
        self.head = nn.Linear(WIDTH, WIDTH)

    def forward(self, pixels):
        x = self.patch_embed(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(len(x), -1, -1), x], 1) + self.pos
        x = self.norm(self.blocks(x))
        return x, torch.tanh(self.head(x[:, 0]))
