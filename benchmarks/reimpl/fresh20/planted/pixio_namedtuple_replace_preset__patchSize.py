"""A Pixio encoder (a ViT with several class tokens whose mean is the pooled feature) from a
self-supervised-learning repo: the sizes are a ``typing.NamedTuple`` whose defaults are the
released giant model; the tiny preset used here is built by ``_replace`` on it."""

from typing import NamedTuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class PixioSizes(NamedTuple):
    image: int = 256
    patch: int = 16
    width: int = 1280
    depth: int = 32
    heads: int = 16
    mlp_ratio: int = 4
    cls_tokens: int = 8
    eps: float = 1e-06


TINY = PixioSizes()._replace(image=32, patch=4, width=32, depth=2, heads=4, mlp_ratio=2)


class Block(nn.Module):
    def __init__(self, s: PixioSizes):
        super().__init__()
        self.heads = s.heads
        self.ln_1 = nn.LayerNorm(s.width, eps=s.eps)
        self.qkv = nn.ModuleList(nn.Linear(s.width, s.width) for _ in range(3))
        self.proj = nn.Linear(s.width, s.width)
        self.ln_2 = nn.LayerNorm(s.width, eps=s.eps)
        self.mlp = nn.Sequential(
            nn.Linear(s.width, s.width * s.mlp_ratio),
            nn.GELU(),
            nn.Linear(s.width * s.mlp_ratio, s.width),
        )

    def forward(self, x):
        b, t, d = x.shape
        h = self.ln_1(x)
        q, k, v = (m(h).view(b, t, self.heads, -1).transpose(1, 2) for m in self.qkv)
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, d)
        x = x + self.proj(a)
        return x + self.mlp(self.ln_2(x))


class PixioEncoder(nn.Module):
    def __init__(self, s: PixioSizes = TINY):
        super().__init__()
        self.n_cls = s.cls_tokens
        grid = s.image // s.patch
        self.patchify = nn.Conv2d(3, s.width, s.patch, s.patch)
        self.cls = nn.Parameter(torch.randn(1, s.cls_tokens, s.width))
        self.pos = nn.Parameter(torch.randn(1, grid * grid + s.cls_tokens, s.width))
        self.blocks = nn.ModuleList(Block(s) for _ in range(s.depth))
        self.norm = nn.LayerNorm(s.width, eps=s.eps)

    def forward(self, pixels):
        x = self.patchify(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], 1) + self.pos
        for blk in self.blocks:
            x = blk(x)
        x = self.norm(x)
        return x, x[:, : self.n_cls].mean(1)
