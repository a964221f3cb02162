"""Perceiver IO with its sizes in nested dataclasses: learned latent array, one cross-attention
in, a stack of latent self-attention blocks shared across `num_repeats`, an output query array."""

from dataclasses import dataclass, field

import torch
from torch import nn


@dataclass
class EncoderCfg:
    num_latents: int = 128
    latent_dim: int = 256
    input_dim: int = 64
    cross_heads: int = 1
    self_heads: int = 8
    blocks_per_repeat: int = 3
    num_repeats: int = 2


@dataclass
class DecoderCfg:
    num_queries: int = 512
    query_dim: int = 128
    output_dim: int = 10


@dataclass
class PerceiverCfg:
    encoder: EncoderCfg = field(default_factory=EncoderCfg)
    decoder: DecoderCfg = field(default_factory=DecoderCfg)


class CrossAttention(nn.Module):
    def __init__(self, q_dim, kv_dim, heads):
        super().__init__()
        self.q_norm = nn.LayerNorm(q_dim)
        self.kv_norm = nn.LayerNorm(kv_dim)
        self.attn = nn.MultiheadAttention(q_dim, heads, kdim=kv_dim, vdim=kv_dim, batch_first=True)
        self.mlp = nn.Sequential(
            nn.LayerNorm(q_dim), nn.Linear(q_dim, q_dim), nn.GELU(), nn.Linear(q_dim, q_dim)
        )


class PerceiverIO(nn.Module):
    def __init__(self, cfg: PerceiverCfg):
        super().__init__()
        e, d = cfg.encoder, cfg.decoder
        self.latents = nn.Parameter(torch.randn(e.num_latents, e.latent_dim) * 0.02)
        self.encode = CrossAttention(e.latent_dim, e.input_dim, e.cross_heads)
        layer = nn.TransformerEncoderLayer(
            e.latent_dim, e.self_heads, 4 * e.latent_dim, batch_first=True, norm_first=True
        )
        # the same block stack is applied num_repeats times (weights shared across repeats)
        self.process = nn.TransformerEncoder(layer, e.blocks_per_repeat, enable_nested_tensor=False)
        self.num_repeats = e.num_repeats
        self.queries = nn.Parameter(torch.randn(d.num_queries, d.query_dim) * 0.02)
        self.decode = CrossAttention(d.query_dim, e.latent_dim, 1)
        self.to_out = nn.Linear(d.query_dim, d.output_dim)


model = PerceiverIO(PerceiverCfg(decoder=DecoderCfg(num_queries=256, output_dim=2)))
