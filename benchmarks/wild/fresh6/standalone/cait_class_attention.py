"""CaiT: self-attention layers with talking heads and LayerScale, then class-attention layers for the CLS token."""

import torch
import torch.nn as nn


class TalkingHeadAttn(nn.Module):
    def __init__(self, dim, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)
        self.proj_l = nn.Linear(num_heads, num_heads)
        self.proj_w = nn.Linear(num_heads, num_heads)


class ClassAttn(nn.Module):
    def __init__(self, dim, num_heads):
        super().__init__()
        self.q, self.k, self.v = (nn.Linear(dim, dim) for _ in range(3))
        self.proj = nn.Linear(dim, dim)


class LayerScaleBlock(nn.Module):
    def __init__(self, dim, num_heads, mlp_ratio=4.0, init_values=1e-5, attn_block=TalkingHeadAttn):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, eps=1e-6)
        self.attn = attn_block(dim, num_heads)
        self.norm2 = nn.LayerNorm(dim, eps=1e-6)
        h = int(dim * mlp_ratio)
        self.mlp = nn.Sequential(nn.Linear(dim, h), nn.GELU(), nn.Linear(h, dim))
        self.gamma_1 = nn.Parameter(init_values * torch.ones(dim))
        self.gamma_2 = nn.Parameter(init_values * torch.ones(dim))


class CaiT(nn.Module):
    def __init__(
        self,
        img_size=32,
        patch_size=4,
        embed_dim=96,
        depth=6,
        num_heads=4,
        depth_token_only=2,
        num_classes=100,
    ):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, embed_dim, patch_size, patch_size)
        num_patches = (img_size // patch_size) ** 2
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, num_patches, embed_dim))
        self.blocks = nn.ModuleList(
            LayerScaleBlock(embed_dim, num_heads, init_values=1e-5) for _ in range(depth)
        )
        self.blocks_token_only = nn.ModuleList(
            LayerScaleBlock(
                embed_dim, num_heads, mlp_ratio=4.0, init_values=1e-5, attn_block=ClassAttn
            )
            for _ in range(depth_token_only)
        )
        self.norm = nn.LayerNorm(embed_dim, eps=1e-6)
        self.head = nn.Linear(embed_dim, num_classes)


model = CaiT(
    img_size=32,
    patch_size=4,
    embed_dim=96,
    depth=6,
    num_heads=4,
    depth_token_only=2,
    num_classes=100,
)
