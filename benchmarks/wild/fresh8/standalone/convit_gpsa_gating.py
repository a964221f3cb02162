"""ConViT-Ti by hand: gated positional self-attention (a per-head gating scalar, a 3->heads
positional projection) in the first 10 blocks, plain MHSA after, class token inserted late."""

import torch
import torch.nn as nn


class GPSA(nn.Module):
    def __init__(self, dim, num_heads):
        super().__init__()
        self.qk = nn.Linear(dim, dim * 2, bias=False)
        self.v = nn.Linear(dim, dim, bias=False)
        self.proj = nn.Linear(dim, dim)
        self.pos_proj = nn.Linear(3, num_heads)
        self.gating_param = nn.Parameter(torch.ones(num_heads))


class MHSA(nn.Module):
    def __init__(self, dim, num_heads):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3, bias=False)
        self.proj = nn.Linear(dim, dim)


class Block(nn.Module):
    def __init__(self, dim, heads, use_gpsa):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = GPSA(dim, heads) if use_gpsa else MHSA(dim, heads)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))


class ConViT(nn.Module):
    def __init__(
        self, embed_dim=192, depth=12, num_heads=4, local_up_to_layer=10, num_classes=1000
    ):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, embed_dim, 16, 16)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, 196, embed_dim))
        self.blocks = nn.ModuleList(
            Block(embed_dim, num_heads, i < local_up_to_layer) for i in range(depth)
        )
        self.norm = nn.LayerNorm(embed_dim)
        self.head = nn.Linear(embed_dim, num_classes)


model = ConViT()
