"""Deformable attention as the token mixer of a small conv-stem block."""
import torch
from torch import nn
from deformable_attention import DeformableAttention2D


class DeformBlock(nn.Module):
    def __init__(self, dim=128, heads=4, dim_head=32, downsample_factor=4):
        super().__init__()
        self.norm = nn.GroupNorm(1, dim)
        self.attn = DeformableAttention2D(
            dim=dim,
            heads=heads,
            dim_head=dim_head,
            downsample_factor=downsample_factor,
            offset_scale=downsample_factor,
            offset_kernel_size=6,
        )
        self.ff = nn.Sequential(
            nn.Conv2d(dim, dim * 4, 1), nn.GELU(), nn.Conv2d(dim * 4, dim, 1)
        )

    def forward(self, x):
        x = self.attn(self.norm(x)) + x
        return self.ff(x) + x


model = nn.Sequential(
    nn.Conv2d(3, 128, kernel_size=4, stride=4),
    DeformBlock(),
    DeformBlock(),
)
