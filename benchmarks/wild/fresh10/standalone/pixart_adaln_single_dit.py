"""PixArt-alpha style DiT: one shared adaLN-single timestep MLP, a learned per-block table added
to it, cross-attention to (pre-computed) T5 text features."""

import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim, heads, mlp_ratio=4.0):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, elementwise_affine=False, eps=1e-6)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.cross_attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim, elementwise_affine=False, eps=1e-6)
        hidden = int(dim * mlp_ratio)
        self.mlp = nn.Sequential(
            nn.Linear(dim, hidden), nn.GELU(approximate="tanh"), nn.Linear(hidden, dim)
        )
        self.scale_shift_table = nn.Parameter(torch.randn(6, dim) / dim**0.5)


class PixArt(nn.Module):
    def __init__(
        self, input_size=32, patch=2, in_ch=4, dim=384, depth=12, heads=6, caption_dim=4096
    ):
        super().__init__()
        self.x_embedder = nn.Conv2d(in_ch, dim, patch, stride=patch)
        self.t_embedder = nn.Sequential(nn.Linear(256, dim), nn.SiLU(), nn.Linear(dim, dim))
        self.t_block = nn.Sequential(nn.SiLU(), nn.Linear(dim, 6 * dim))
        self.y_embedder = nn.Sequential(
            nn.Linear(caption_dim, dim), nn.GELU(approximate="tanh"), nn.Linear(dim, dim)
        )
        self.register_buffer("pos_embed", torch.zeros(1, (input_size // patch) ** 2, dim))
        self.blocks = nn.ModuleList(Block(dim, heads) for _ in range(depth))
        self.final_norm = nn.LayerNorm(dim, elementwise_affine=False, eps=1e-6)
        self.final_table = nn.Parameter(torch.randn(2, dim) / dim**0.5)
        self.final_linear = nn.Linear(dim, patch * patch * in_ch * 2)


model = PixArt()
