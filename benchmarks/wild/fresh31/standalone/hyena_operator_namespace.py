"""A Hyena-style long-convolution LM: implicit filters from an MLP over positional features (a buffer),
short depthwise conv, order-2 gating. Config: argparse defaults merged with an override Namespace."""

import argparse

import torch
import torch.nn as nn


def get_args(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--d_model", type=int, default=64)
    p.add_argument("--n_layer", type=int, default=4)
    p.add_argument("--order", type=int, default=2)
    p.add_argument("--filter_order", type=int, default=16)
    p.add_argument("--emb_dim", type=int, default=5)
    p.add_argument("--seq_len", type=int, default=128)
    p.add_argument("--vocab", type=int, default=256)
    return p.parse_args(argv)


class PositionalEmbedding(nn.Module):
    def __init__(self, emb_dim, seq_len):
        super().__init__()
        t = torch.linspace(0, 1, seq_len)[None, :, None]
        bands = (emb_dim - 1) // 2
        f = torch.linspace(1e-4, bands - 1, bands)[None, None]
        z = torch.exp(-1j * f * t * 2 * torch.pi)
        self.register_buffer("z", torch.cat([t, z.real, z.imag], dim=-1))
        self.register_buffer("t", t)


class HyenaFilter(nn.Module):
    def __init__(self, d_model, order, filter_order, emb_dim, seq_len):
        super().__init__()
        self.pos = PositionalEmbedding(emb_dim, seq_len)
        self.implicit_filter = nn.Sequential(
            nn.Linear(emb_dim, filter_order),
            nn.SiLU(),
            nn.Linear(filter_order, filter_order),
            nn.SiLU(),
            nn.Linear(filter_order, d_model * (order - 1), bias=False),
        )
        self.bias = nn.Parameter(torch.randn(d_model))


class HyenaOperator(nn.Module):
    def __init__(self, a):
        super().__init__()
        inner = a.d_model * (a.order + 1)
        self.in_proj = nn.Linear(a.d_model, inner)
        self.out_proj = nn.Linear(a.d_model, a.d_model)
        self.short_filter = nn.Conv1d(inner, inner, 3, padding=2, groups=inner)
        self.filter_fn = HyenaFilter(a.d_model, a.order, a.filter_order, a.emb_dim, a.seq_len)


class HyenaLM(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.embed = nn.Embedding(a.vocab, a.d_model)
        self.blocks = nn.ModuleList(
            nn.ModuleDict({"norm": nn.LayerNorm(a.d_model), "mixer": HyenaOperator(a)})
            for _ in range(a.n_layer)
        )
        self.norm_f = nn.LayerNorm(a.d_model)
        self.lm_head = nn.Linear(a.d_model, a.vocab, bias=False)


args = get_args([])
overrides = argparse.Namespace(d_model=32, n_layer=2, order=3)
args = argparse.Namespace(**{**vars(args), **vars(overrides)})
model = HyenaLM(args)
