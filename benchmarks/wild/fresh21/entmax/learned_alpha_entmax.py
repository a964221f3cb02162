"""Adaptively sparse transformer layer (Correia et al.): a learned alpha per head fed to EntmaxBisect."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from entmax import EntmaxBisect


class AdaptiveSparseAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        # one alpha per head, kept > 1 through softplus in forward
        self.alpha_raw = nn.Parameter(torch.zeros(heads, 1, 1))
        self.entmax = EntmaxBisect(dim=-1, n_iter=25)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-1, -2) / (d // self.heads) ** 0.5
        self.entmax.alpha = 1 + F.softplus(self.alpha_raw)
        out = self.entmax(scores) @ v
        return self.proj(out.transpose(1, 2).reshape(b, t, d))


class Layer(nn.Module):
    def __init__(self, dim=64, heads=4, ff=128):
        super().__init__()
        self.attn = AdaptiveSparseAttention(dim, heads)
        self.ff = nn.Sequential(nn.Linear(dim, ff), nn.GELU(), nn.Linear(ff, dim))
        self.n1, self.n2 = nn.LayerNorm(dim), nn.LayerNorm(dim)

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.ff(self.n2(x))


model = nn.Sequential(*(Layer(dim=32, heads=4, ff=96) for _ in range(3)))
