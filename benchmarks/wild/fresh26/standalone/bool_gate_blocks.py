"""Optional sub-blocks whose __bool__ says whether they are enabled; `x or default` picks a fallback."""

import torch.nn as nn


class Option:
    def __init__(self, enabled, dim):
        self.enabled = enabled
        self.dim = dim

    def __bool__(self):
        return self.enabled


class Block(nn.Module):
    def __init__(self, dim, attn: Option, mlp: Option):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        if attn:
            self.attn = nn.MultiheadAttention(dim, num_heads=4, batch_first=True)
        hidden = (mlp or Option(True, dim * 2)).dim
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))


model = nn.Sequential(
    Block(32, Option(True, 0), Option(True, 64)),
    Block(32, Option(False, 0), Option(False, 256)),
)
