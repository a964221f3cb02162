"""Perceiver IO: latent array, encoder cross-attention, latent self-attention, query decoder (fresh batch, benchmarks/wild/fresh)."""

import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self, dim, widening=4):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim * widening), nn.GELU(), nn.Linear(dim * widening, dim))


class CrossAttention(nn.Module):
    def __init__(self, q_dim, kv_dim, num_heads=1, qk_channels=None, v_channels=None, out_dim=None):
        super().__init__()
        qk_channels = qk_channels or q_dim
        v_channels = v_channels or qk_channels
        out_dim = out_dim or q_dim
        self.q_norm = nn.LayerNorm(q_dim)
        self.kv_norm = nn.LayerNorm(kv_dim)
        self.attn = nn.MultiheadAttention(
            qk_channels, num_heads, kdim=kv_dim, vdim=kv_dim, batch_first=True
        )
        self.q_in = nn.Linear(q_dim, qk_channels) if qk_channels != q_dim else nn.Identity()
        self.out = nn.Linear(qk_channels, out_dim)
        self.mlp = MLP(out_dim)


class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.mlp = MLP(dim)


class PerceiverIO(nn.Module):
    def __init__(self, input_dim, num_latents, latent_dim, num_blocks, num_self_attends_per_block,
                 query_dim, output_dim, num_cross_heads=1, num_self_heads=8):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(num_latents, latent_dim) * 0.02)
        self.encoder = CrossAttention(latent_dim, input_dim, num_heads=num_cross_heads)
        block = nn.ModuleList([SelfAttention(latent_dim, num_self_heads) for _ in range(num_self_attends_per_block)])
        # weights shared across blocks, as in the paper's configuration
        self.blocks = nn.ModuleList([block] * num_blocks)
        self.decoder = CrossAttention(query_dim, latent_dim, num_heads=num_cross_heads, qk_channels=latent_dim, out_dim=output_dim)


model = PerceiverIO(
    input_dim=48,
    num_latents=32,
    latent_dim=128,
    num_blocks=4,
    num_self_attends_per_block=2,
    query_dim=64,
    output_dim=10,
    num_self_heads=4,
)
