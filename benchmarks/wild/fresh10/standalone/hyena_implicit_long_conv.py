"""Hyena operator: implicit long-convolution filters from an MLP over positional features,
with exponential-decay modulation and short depthwise convs."""

import math

import torch
from torch import nn


class Sin(nn.Module):
    def __init__(self, dim, w=10, train_freq=True):
        super().__init__()
        self.freq = nn.Parameter(w * torch.ones(1, dim)) if train_freq else w * torch.ones(1, dim)


class PositionalEmbedding(nn.Module):
    def __init__(self, emb_dim, seq_len):
        super().__init__()
        t = torch.linspace(0, 1, seq_len)[None, :, None]
        bands = (emb_dim - 1) // 2
        f = torch.linspace(1e-4, bands - 1, bands)[None, None]
        z = torch.exp(-1j * 2 * math.pi * f * t)
        z = torch.cat([t, z.real, z.imag], dim=-1)
        self.register_buffer("z", z)
        self.register_buffer("t", t)


class HyenaFilter(nn.Module):
    def __init__(self, d_model, emb_dim=33, order=64, seq_len=1024):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(d_model))
        self.pos_emb = PositionalEmbedding(emb_dim, seq_len)
        act = Sin(order)
        self.implicit_filter = nn.Sequential(
            nn.Linear(emb_dim, order),
            act,
            nn.Linear(order, order),
            act,
            nn.Linear(order, order),
            act,
            nn.Linear(order, d_model, bias=False),
        )
        self.register_buffer(
            "deltas",
            torch.linspace(math.log(1e-2) / 1.5, math.log(1e-2) / 0.3, d_model)[None, None],
        )


class HyenaOperator(nn.Module):
    def __init__(self, d_model, l_max, order=2):
        super().__init__()
        inner = d_model * (order + 1)
        self.in_proj = nn.Linear(d_model, inner)
        self.out_proj = nn.Linear(d_model, d_model)
        self.short_filter = nn.Conv1d(inner, inner, 3, padding=2, groups=inner)
        self.filter_fn = HyenaFilter(d_model * (order - 1), seq_len=l_max)


class HyenaLM(nn.Module):
    def __init__(self, vocab=10000, d_model=256, n_layer=4, l_max=1024):
        super().__init__()
        self.emb = nn.Embedding(vocab, d_model)
        self.layers = nn.ModuleList(
            nn.ModuleList(
                [
                    nn.LayerNorm(d_model),
                    HyenaOperator(d_model, l_max),
                    nn.LayerNorm(d_model),
                    nn.Sequential(
                        nn.Linear(d_model, 4 * d_model), nn.GELU(), nn.Linear(4 * d_model, d_model)
                    ),
                ]
            )
            for _ in range(n_layer)
        )
        self.ln_f = nn.LayerNorm(d_model)
        self.head = nn.Linear(d_model, vocab, bias=False)
        self.head.weight = self.emb.weight


model = HyenaLM()
