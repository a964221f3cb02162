"""ViT with the patches cut by reshape/permute and embedded by an nn.Linear over the flattened
patch (the same weights as a stride-p convolution), a class token, a [1, N+1, D] position
table, pre-LN blocks with a fused qkv, a final LayerNorm and a tanh pooler."""

import torch
import torch.nn as nn
import torch.nn.functional as F

IMAGE = 32
PATCH = 8
CHANNELS = 3
WIDTH = 48
DEPTH = 2
HEADS = 4
MLP = 256
EPS = 1e-12


class Attention(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(width, 3 * width)
        self.proj = nn.Linear(width, width)

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        a = F.scaled_dot_product_attention(q, k, v)
        return self.proj(a.transpose(1, 2).reshape(b, n, d))


class EncoderBlock(nn.Module):
    def __init__(self, width, heads, mlp, eps):
        super().__init__()
        self.norm1 = nn.LayerNorm(width, eps=eps)
        self.attn = Attention(width, heads)
        self.norm2 = nn.LayerNorm(width, eps=eps)
        self.mlp = nn.Sequential(nn.Linear(width, mlp), nn.GELU(), nn.Linear(mlp, width))

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class ViT(nn.Module):
    def __init__(self):
        super().__init__()
        n = (IMAGE // PATCH) ** 2
        self.patch_embed = nn.Linear(CHANNELS * PATCH * PATCH, WIDTH)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.pos_embed = nn.Parameter(torch.zeros(1, n + 1, WIDTH))
        self.blocks = nn.ModuleList([EncoderBlock(WIDTH, HEADS, MLP, EPS) for _ in range(DEPTH)])
        self.norm = nn.LayerNorm(WIDTH, eps=EPS)
        self.pooler = nn.Linear(WIDTH, WIDTH)

    def forward(self, images):
        b, c, hgt, wid = images.shape
        p = images.reshape(b, c, hgt // PATCH, PATCH, wid // PATCH, PATCH)
        p = p.permute(0, 2, 4, 1, 3, 5).reshape(b, -1, c * PATCH * PATCH)
        x = torch.cat([self.cls_token.expand(b, -1, -1), self.patch_embed(p)], dim=1) + self.pos_embed
        for blk in self.blocks:
            x = blk(x)
        x = self.norm(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
