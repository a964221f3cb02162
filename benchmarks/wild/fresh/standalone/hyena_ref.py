"""Hyena operator with an implicit long-convolution filter, safari-style (fresh batch, benchmarks/wild/fresh)."""

import math

import torch
import torch.nn as nn


class Sin(nn.Module):
    def __init__(self, dim, w=10, train_freq=True):
        super().__init__()
        self.freq = nn.Parameter(w * torch.ones(1, dim)) if train_freq else w * torch.ones(1, dim)

    def forward(self, x):
        return torch.sin(self.freq * x)


class PositionalEmbedding(nn.Module):
    def __init__(self, emb_dim, seq_len):
        super().__init__()
        self.seq_len = seq_len
        t = torch.linspace(0, 1, self.seq_len)[None, :, None]
        bands = (emb_dim - 1) // 2
        t_rescaled = torch.linspace(0, seq_len - 1, seq_len)[None, :, None]
        w = 2 * math.pi * t_rescaled / seq_len
        f = torch.linspace(1e-4, bands - 1, bands)[None, None]
        z = torch.exp(-1j * f * w)
        z = torch.cat([t, z.real, z.imag], dim=-1)
        self.register_buffer("z", z)


class ExponentialModulation(nn.Module):
    def __init__(self, d_model, fast_decay_pct=0.3, slow_decay_pct=1.5, target=1e-2):
        super().__init__()
        max_decay = math.log(target) / fast_decay_pct
        min_decay = math.log(target) / slow_decay_pct
        self.register_buffer("deltas", torch.linspace(min_decay, max_decay, d_model)[None, None])


class HyenaFilter(nn.Module):
    def __init__(self, d_model, emb_dim=3, order=16, seq_len=1024, num_inner_mlps=2, w=1):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(d_model))
        self.pos_emb = PositionalEmbedding(emb_dim, seq_len)
        act = Sin(dim=order, w=w)
        layers = [nn.Linear(emb_dim, order), act]
        for _ in range(num_inner_mlps):
            layers += [nn.Linear(order, order), act]
        layers.append(nn.Linear(order, d_model, bias=False))
        self.implicit_filter = nn.Sequential(*layers)
        self.modulation = ExponentialModulation(d_model)


class HyenaOperator(nn.Module):
    def __init__(self, d_model, l_max, order=2, filter_order=64, short_filter_order=3):
        super().__init__()
        self.order = order
        inner_width = d_model * (order + 1)
        self.in_proj = nn.Linear(d_model, inner_width)
        self.out_proj = nn.Linear(d_model, d_model)
        self.short_filter = nn.Conv1d(
            inner_width, inner_width, short_filter_order, padding=short_filter_order - 1, groups=inner_width
        )
        self.filter_fn = HyenaFilter(d_model * (order - 1), order=filter_order, seq_len=l_max)


class HyenaBlock(nn.Module):
    def __init__(self, d_model, l_max, **kw):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.mixer = HyenaOperator(d_model, l_max, **kw)
        self.norm2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(nn.Linear(d_model, 4 * d_model), nn.GELU(), nn.Linear(4 * d_model, d_model))


class HyenaLM(nn.Module):
    def __init__(self, vocab_size, d_model, n_layer, l_max, **kw):
        super().__init__()
        self.wte = nn.Embedding(vocab_size, d_model)
        self.blocks = nn.ModuleList([HyenaBlock(d_model, l_max, **kw) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(d_model)
        self.lm_head = nn.Linear(d_model, vocab_size, bias=False)
        self.lm_head.weight = self.wte.weight


model = HyenaLM(vocab_size=256, d_model=64, n_layer=2, l_max=256, order=2, filter_order=32)
