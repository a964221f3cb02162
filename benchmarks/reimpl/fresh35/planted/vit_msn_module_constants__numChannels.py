"""ViT backbone of an MSN (masked siamese networks) checkpoint, for linear probing.

Sizes are module-level constants, as in the original research script.
"""

import torch
from torch import nn

IMG = 32
PATCH = 8
IN_CHANS = 1
EMBED_DIM = 64
DEPTH = 2
NUM_HEADS = 4
MLP_DIM = 192
LN_EPS = 1e-6
N_PATCHES = (IMG // PATCH) ** 2


class MultiHeadSelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.ModuleList(nn.Linear(EMBED_DIM, EMBED_DIM) for _ in range(3))
        self.proj = nn.Linear(EMBED_DIM, EMBED_DIM)

    def forward(self, x):
        b, n, _ = x.shape
        dh = EMBED_DIM // NUM_HEADS
        q, k, v = (lin(x).view(b, n, NUM_HEADS, dh).permute(0, 2, 1, 3) for lin in self.qkv)
        attn = torch.softmax(q @ k.transpose(-2, -1) / dh**0.5, dim=-1)
        return self.proj((attn @ v).permute(0, 2, 1, 3).reshape(b, n, EMBED_DIM))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = nn.LayerNorm(EMBED_DIM, eps=LN_EPS)
        self.attn = MultiHeadSelfAttention()
        self.norm2 = nn.LayerNorm(EMBED_DIM, eps=LN_EPS)
        self.mlp = nn.Sequential(
            nn.Linear(EMBED_DIM, MLP_DIM), nn.GELU(), nn.Linear(MLP_DIM, EMBED_DIM)
        )

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class MSNVisionTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_embed = nn.Conv2d(IN_CHANS, EMBED_DIM, kernel_size=PATCH, stride=PATCH)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, EMBED_DIM))
        self.pos_embed = nn.Parameter(torch.zeros(1, N_PATCHES + 1, EMBED_DIM))
        self.blocks = nn.ModuleList(Block() for _ in range(DEPTH))
        self.norm = nn.LayerNorm(EMBED_DIM, eps=LN_EPS)

    def forward(self, imgs):
        x = self.patch_embed(imgs).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1) + self.pos_embed
        for blk in self.blocks:
            x = blk(x)
        return self.norm(x)
