"""ViT-MSN (Assran et al., Masked Siamese Networks), the target encoder: a plain pre-norm ViT
with a cls token, learned positions and a final LayerNorm (no pooler). The hyper-parameters
arrive as JSON decoded with ``object_hook`` into a ``namedtuple`` per object, so they are
read as attributes (``H.encoder.depth``)."""

import json
from collections import namedtuple

import torch
import torch.nn.functional as F
from torch import nn

RAW = """
{
  "image": {"size": 32, "patch": 8, "channels": 3},
  "encoder": {"width": 64, "depth": 4, "heads": 4, "mlp": 192, "eps": 1e-12}
}
"""
H = json.loads(RAW, object_hook=lambda d: namedtuple("H", d.keys())(*d.values()))
E = H.encoder


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = nn.LayerNorm(E.width, eps=E.eps)
        self.q = nn.Linear(E.width, E.width)
        self.k = nn.Linear(E.width, E.width)
        self.v = nn.Linear(E.width, E.width)
        self.proj = nn.Linear(E.width, E.width)
        self.norm2 = nn.LayerNorm(E.width, eps=E.eps)
        self.fc1 = nn.Linear(E.width, E.mlp)
        self.fc2 = nn.Linear(E.mlp, E.width)

    def forward(self, x):
        b, n, d = x.shape
        h = self.norm1(x)
        q, k, v = (f(h).view(b, n, E.heads, -1).transpose(1, 2) for f in (self.q, self.k, self.v))
        x = x + self.proj(F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, n, d))
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class ViTMSN(nn.Module):
    def __init__(self):
        super().__init__()
        n_patches = (H.image.size // H.image.patch) ** 2
        self.patch_embed = nn.Conv2d(H.image.channels, E.width, H.image.patch, H.image.patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, E.width))
        self.pos_embed = nn.Parameter(torch.zeros(1, n_patches + 1, E.width))
        self.blocks = nn.ModuleList(Block() for _ in range(E.depth))
        self.norm = nn.LayerNorm(E.width, eps=E.eps)

    def forward(self, pixels):
        x = self.patch_embed(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], 1) + self.pos_embed
        for blk in self.blocks:
            x = blk(x)
        return self.norm(x)
