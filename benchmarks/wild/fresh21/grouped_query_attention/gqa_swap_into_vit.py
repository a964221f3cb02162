"""A ViT-style block whose nn.MultiheadAttention is replaced by MultiheadGQA after construction."""

import torch.nn as nn
from grouped_query_attention_pytorch.attention import MultiheadGQA


class Block(nn.Module):
    def __init__(self, dim=48, heads=6, mlp=96):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, mlp), nn.GELU(), nn.Linear(mlp, dim))


class TinyViT(nn.Module):
    def __init__(self, dim=48, depth=3, heads=6, patch=4, classes=10):
        super().__init__()
        self.patch = nn.Conv2d(3, dim, patch, stride=patch)
        self.blocks = nn.ModuleList(Block(dim, heads) for _ in range(depth))
        self.head = nn.Linear(dim, classes)


model = TinyViT(dim=48, depth=3, heads=6)
for blk in model.blocks:
    blk.attn = MultiheadGQA(embed_dim=48, query_heads=6, kv_heads=3, layer_norm=False)
