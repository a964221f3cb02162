"""Janus' SigLIP-style vision tower written like a timm VisionTransformer (mlp_ratio, no class token)."""

from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F


class Mlp(nn.Module):
    def __init__(self, in_features, hidden_features):
        super().__init__()
        self.fc1 = nn.Linear(in_features, hidden_features)
        self.fc2 = nn.Linear(hidden_features, in_features)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


class Attention(nn.Module):
    def __init__(self, dim, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.qkv = nn.Linear(dim, 3 * dim, bias=True)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, c = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.num_heads, -1).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v)
        return self.proj(y.transpose(1, 2).reshape(b, n, c))


class Block(nn.Module):
    def __init__(self, dim, num_heads, mlp_ratio, norm_layer):
        super().__init__()
        self.norm1 = norm_layer(dim)
        self.attn = Attention(dim, num_heads)
        self.norm2 = norm_layer(dim)
        self.mlp = Mlp(dim, int(dim * mlp_ratio))

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class VisionTransformer(nn.Module):
    def __init__(
        self,
        img_size=32,
        patch_size=8,
        in_chans=3,
        embed_dim=64,
        depth=3,
        num_heads=4,
        mlp_ratio=4.0,
        norm_layer=partial(nn.LayerNorm, eps=1e-6),  # noqa: B008
    ):
        super().__init__()
        self.patch_embed = nn.Conv2d(in_chans, embed_dim, patch_size, stride=patch_size)
        self.pos_embed = nn.Parameter(torch.zeros(1, (img_size // patch_size) ** 2, embed_dim))
        self.blocks = nn.Sequential(
            *[Block(embed_dim, num_heads, mlp_ratio, norm_layer) for _ in range(depth)]
        )
        self.norm = norm_layer(embed_dim)

    def forward(self, pixels):
        x = self.patch_embed(pixels).flatten(2).transpose(1, 2) + self.pos_embed
        return self.norm(self.blocks(x))
