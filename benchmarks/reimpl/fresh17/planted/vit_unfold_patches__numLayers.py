"""ViT whose patches are cut by ``F.unfold`` and embedded by a Linear (the conv kernel
flattened), sizes from a ``"B/8@32"``-like variant string with explicit per-variant tables."""

import torch
import torch.nn as nn
import torch.nn.functional as F

VARIANT = "T/8@32"
WIDTHS = {"T": 64, "S": 384, "B": 768}
DEPTHS = {"T": 3, "S": 12, "B": 12}
HEADS = {"T": 4, "S": 6, "B": 12}
MLP_RATIO = 2
_name, _rest = VARIANT.split("/")
PATCH, IMAGE = (int(v) for v in _rest.split("@"))
WIDTH, DEPTH, NUM_HEADS = WIDTHS[_name], DEPTHS[_name], HEADS[_name]


class EncoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = nn.LayerNorm(WIDTH, eps=1e-12)
        self.query = nn.Linear(WIDTH, WIDTH)
        self.key = nn.Linear(WIDTH, WIDTH)
        self.value = nn.Linear(WIDTH, WIDTH)
        self.proj = nn.Linear(WIDTH, WIDTH)
        self.norm2 = nn.LayerNorm(WIDTH, eps=1e-12)
        self.fc1 = nn.Linear(WIDTH, MLP_RATIO * WIDTH)
        self.fc2 = nn.Linear(MLP_RATIO * WIDTH, WIDTH)

    def forward(self, x):
        B, N, _ = x.shape
        h = self.norm1(x)
        q, k, v = (
            f(h).view(B, N, NUM_HEADS, -1).transpose(1, 2)
            for f in (self.query, self.key, self.value)
        )
        x = x + self.proj(
            F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(B, N, WIDTH)
        )
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class ViT(nn.Module):
    def __init__(self):
        super().__init__()
        n = (IMAGE // PATCH) ** 2
        self.patch_embed = nn.Linear(3 * PATCH * PATCH, WIDTH)
        self.cls = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.pos = nn.Parameter(torch.zeros(1, n + 1, WIDTH))
        self.blocks = nn.ModuleList(EncoderBlock() for _ in range(DEPTH))
        self.norm = nn.LayerNorm(WIDTH, eps=1e-12)
        self.pool = nn.Linear(WIDTH, WIDTH)

    def forward(self, pixels):
        patches = F.unfold(pixels, PATCH, stride=PATCH).transpose(1, 2)
        x = self.patch_embed(patches)
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], 1) + self.pos
        for blk in self.blocks:
            x = blk(x)
        return self.norm(x)
