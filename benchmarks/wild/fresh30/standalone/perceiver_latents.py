"""A Perceiver-style encoder: a learned latent array, one cross-attention from inputs to latents, a stack of
latent self-attention blocks whose weights are shared across repeats, and a classifier."""

import torch
import torch.nn as nn


class FF(nn.Module):
    def __init__(self, dim, mult=4):
        super().__init__()
        self.net = nn.Sequential(
            nn.LayerNorm(dim), nn.Linear(dim, dim * mult), nn.GELU(), nn.Linear(dim * mult, dim)
        )


class Perceiver(nn.Module):
    def __init__(
        self,
        input_dim=12,
        num_latents=16,
        latent_dim=32,
        cross_heads=1,
        latent_heads=4,
        depth=2,
        repeats=3,
        num_classes=5,
    ):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(num_latents, latent_dim))
        self.cross_norm = nn.LayerNorm(input_dim)
        self.cross_attn = nn.MultiheadAttention(
            latent_dim, cross_heads, kdim=input_dim, vdim=input_dim, batch_first=True
        )
        self.cross_ff = FF(latent_dim)
        layers = nn.ModuleList()
        for _ in range(depth):
            layers.append(nn.MultiheadAttention(latent_dim, latent_heads, batch_first=True))
            layers.append(FF(latent_dim))
        self.latent_layers = nn.ModuleList([layers] * repeats)
        self.head = nn.Sequential(nn.LayerNorm(latent_dim), nn.Linear(latent_dim, num_classes))


model = Perceiver(input_dim=12, num_latents=16, latent_dim=32, depth=2, repeats=3, num_classes=5)
