"""A ViT backbone from a named size table (the "ti" entry), patch embedding by a strided conv, a class token,
learned position embeddings, pre-norm encoder blocks with a qkv Linear, and a classifier head."""

import torch
import torch.nn as nn

VIT_SIZES = {
    "ti": {"dim": 48, "depth": 3, "heads": 3, "mlp_ratio": 4},
    "s": {"dim": 96, "depth": 6, "heads": 6, "mlp_ratio": 4},
    "b": {"dim": 192, "depth": 12, "heads": 12, "mlp_ratio": 4},
}


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)


class Block(nn.Module):
    def __init__(self, dim, heads, mlp_ratio):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, eps=1e-6)
        self.attn = Attention(dim, heads)
        self.norm2 = nn.LayerNorm(dim, eps=1e-6)
        self.mlp = nn.Sequential(
            nn.Linear(dim, dim * mlp_ratio), nn.GELU(), nn.Linear(dim * mlp_ratio, dim)
        )


class ViT(nn.Module):
    def __init__(
        self,
        img_size=32,
        patch=4,
        in_chans=3,
        num_classes=10,
        dim=48,
        depth=3,
        heads=3,
        mlp_ratio=4,
    ):
        super().__init__()
        n_patches = (img_size // patch) ** 2
        self.patch_embed = nn.Conv2d(in_chans, dim, patch, stride=patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, n_patches + 1, dim))
        self.blocks = nn.Sequential(*[Block(dim, heads, mlp_ratio) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.head = nn.Linear(dim, num_classes)


def vit(size, **kw):
    return ViT(**VIT_SIZES[size], **kw)


model = vit("ti", img_size=32, patch=4, num_classes=10)
