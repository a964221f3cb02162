"""ViT whose patch embedding is nn.Unfold + Linear (no conv); sizes indexed out of a bytes
object, as our C config header exports them."""

import torch
from torch import nn

HEADER = bytes([32, 4, 64, 4, 160, 2, 3])
IMG, PATCH, D, HEADS, MLP, DEPTH, CHANS = (HEADER[i] for i in range(7))
N_PATCH = (IMG // PATCH) ** 2


class EncoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(D, eps=1e-12), nn.LayerNorm(D, eps=1e-12)
        self.q, self.k, self.v = nn.Linear(D, D), nn.Linear(D, D), nn.Linear(D, D)
        self.proj = nn.Linear(D, D)
        self.mlp_in, self.mlp_out = nn.Linear(D, MLP), nn.Linear(MLP, D)

    def forward(self, x):
        b, n, _ = x.shape
        h = self.ln1(x)
        q, k, v = (f(h).view(b, n, HEADS, -1).transpose(1, 2) for f in (self.q, self.k, self.v))
        o = nn.functional.scaled_dot_product_attention(q, k, v)
        x = x + self.proj(o.transpose(1, 2).reshape(b, n, D))
        return x + self.mlp_out(nn.functional.gelu(self.mlp_in(self.ln2(x))))


class ViT(nn.Module):
    def __init__(self):
        super().__init__()
        self.unfold = nn.Unfold(PATCH, stride=PATCH)
        self.to_embed = nn.Linear(CHANS * PATCH * PATCH, D)
        self.cls = nn.Parameter(torch.zeros(1, 1, D))
        self.pos = nn.Parameter(torch.zeros(1, N_PATCH + 1, D))
        self.blocks = nn.ModuleList(EncoderBlock() for _ in range(DEPTH))
        self.ln = nn.LayerNorm(D, eps=1e-12)
        self.pool = nn.Linear(D, D)

    def forward(self, pixels):
        x = self.to_embed(self.unfold(pixels).transpose(1, 2))
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], 1) + self.pos
        for blk in self.blocks:
            x = blk(x)
        x = self.ln(x)
        return x, torch.tanh(self.pool(x[:, 0]))
