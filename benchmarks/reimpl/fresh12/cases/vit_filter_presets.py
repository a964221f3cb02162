"""A ViT encoder with a pooler (HF's ViTModel layout); the preset is picked with ``filter``."""

import torch
import torch.nn as nn
import torch.nn.functional as F

PRESETS = [
    ("base", 224, 16, 768, 12, 12, 3072),
    ("tiny", 32, 8, 64, 2, 4, 128),
    ("small", 224, 16, 384, 12, 6, 1536),
]
_, IMAGE, PATCH, WIDTH, DEPTH, HEADS, MLP = list(filter(lambda p: p[0] == "tiny", PRESETS))[0]
N_PATCHES = (IMAGE // PATCH) ** 2
EPS = 1e-12


class EncoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm_before = nn.LayerNorm(WIDTH, eps=EPS)
        self.q, self.k, self.v = (nn.Linear(WIDTH, WIDTH) for _ in range(3))
        self.attn_out = nn.Linear(WIDTH, WIDTH)
        self.norm_after = nn.LayerNorm(WIDTH, eps=EPS)
        self.fc1 = nn.Linear(WIDTH, MLP)
        self.fc2 = nn.Linear(MLP, WIDTH)

    def forward(self, x):
        b, n, _ = x.shape
        h = self.norm_before(x)
        q, k, v = (m(h).view(b, n, HEADS, -1).transpose(1, 2) for m in (self.q, self.k, self.v))
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, n, WIDTH)
        x = x + self.attn_out(a)
        return x + self.fc2(F.gelu(self.fc1(self.norm_after(x))))


class ViT(nn.Module):
    def __init__(self):
        super().__init__()
        self.cls_token = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.pos_embed = nn.Parameter(torch.zeros(1, N_PATCHES + 1, WIDTH))
        self.patch = nn.Conv2d(3, WIDTH, PATCH, PATCH)
        self.blocks = nn.ModuleList(EncoderBlock() for _ in range(DEPTH))
        self.norm = nn.LayerNorm(WIDTH, eps=EPS)
        self.pooler = nn.Linear(WIDTH, WIDTH)

    def forward(self, pixels):
        x = self.patch(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], 1) + self.pos_embed
        for blk in self.blocks:
            x = blk(x)
        x = self.norm(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
