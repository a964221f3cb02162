"""
Latent weather forecaster (adapted from a research repository's model.py).

Variables on a lat/lon grid are tokenised per patch, cross-attended into a latent array,
processed by a latent transformer, and decoded by per-variable query heads.
"""

from __future__ import annotations

import math
from functools import wraps

import torch
import torch.nn as nn
import torch.nn.functional as F

# ----------------------------------------------------------------------------- helpers


def exists(val):
    return val is not None


def default(val, d):
    return val if exists(val) else d


def cast_tuple(val, length=1):
    return val if isinstance(val, tuple) else ((val,) * length)


def cache_fn(f):
    cache = None

    @wraps(f)
    def cached_fn(*args, _cache=True, **kwargs):
        nonlocal cache
        if not _cache:
            return f(*args, **kwargs)
        if cache is not None:
            return cache
        cache = f(*args, **kwargs)
        return cache

    return cached_fn


def zero_init_(m: nn.Linear):
    nn.init.zeros_(m.weight)
    if exists(m.bias):
        nn.init.zeros_(m.bias)
    return m


# ----------------------------------------------------------------------------- config


class Config:
    """Plain config object (the repo predates dataclasses in this file)."""

    variables = ("t2m", "u10", "v10", "msl", "z500")
    grid = (32, 64)
    patch = 4
    dim = 64
    latent_dim = 96
    num_latents = 32
    depth = 4
    cross_heads = 1
    latent_heads = 4
    cross_dim_head = 32
    latent_dim_head = 16
    ff_mult = 2
    weight_tie_layers = True
    num_fourier_bands = 6
    lead_times = 4

    def __init__(self, **overrides):
        for k, v in overrides.items():
            if not hasattr(type(self), k):
                raise KeyError(k)
            setattr(self, k, v)

    @classmethod
    def from_dict(cls, d):
        return cls(**{k: v for k, v in d.items() if not k.startswith("_")})

    @property
    def n_patches(self):
        return (self.grid[0] // self.patch) * (self.grid[1] // self.patch)


# ----------------------------------------------------------------------------- layers


class PreNorm(nn.Module):
    def __init__(self, dim, fn, context_dim=None):
        super().__init__()
        self.fn = fn
        self.norm = nn.LayerNorm(dim)
        self.norm_context = nn.LayerNorm(context_dim) if exists(context_dim) else None

    def forward(self, x, **kwargs):
        x = self.norm(x)
        if exists(self.norm_context):
            kwargs["context"] = self.norm_context(kwargs["context"])
        return self.fn(x, **kwargs)


class GEGLU(nn.Module):
    def forward(self, x):
        x, gates = x.chunk(2, dim=-1)
        return x * F.gelu(gates)


class FeedForward(nn.Module):
    def __init__(self, dim, mult=4):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(dim, dim * mult * 2), GEGLU(), nn.Linear(dim * mult, dim)
        )


class Attention(nn.Module):
    def __init__(self, query_dim, context_dim=None, heads=8, dim_head=64):
        super().__init__()
        inner_dim = dim_head * heads
        context_dim = default(context_dim, query_dim)
        self.scale = dim_head**-0.5
        self.heads = heads
        self.to_q = nn.Linear(query_dim, inner_dim, bias=False)
        self.to_kv = nn.Linear(context_dim, inner_dim * 2, bias=False)
        self.to_out = nn.Linear(inner_dim, query_dim)


def fourier_features(grid, bands):
    lat = torch.linspace(-1.0, 1.0, grid[0])
    lon = torch.linspace(-1.0, 1.0, grid[1])
    pos = torch.stack(torch.meshgrid(lat, lon, indexing="ij"), dim=-1)
    freqs = torch.linspace(1.0, grid[0] / 2, bands)
    x = pos[..., None] * freqs * math.pi
    return torch.cat([x.sin(), x.cos(), pos[..., None]], dim=-1).flatten(-2)


# ----------------------------------------------------------------------------- model


class PatchEmbed(nn.Module):
    def __init__(self, cfg: Config):
        super().__init__()
        n_vars = len(cfg.variables)
        pos_dim = 2 * (2 * cfg.num_fourier_bands + 1)
        self.proj = nn.Conv2d(n_vars + pos_dim, cfg.dim, cfg.patch, cfg.patch)
        self.register_buffer(
            "pos", fourier_features(cfg.grid, cfg.num_fourier_bands), persistent=False
        )
        self.var_embed = nn.Parameter(torch.zeros(1, cfg.n_patches, cfg.dim))


class LatentForecaster(nn.Module):
    def __init__(self, cfg: Config):
        super().__init__()
        self.cfg = cfg
        self.embed = PatchEmbed(cfg)
        self.latents = nn.Parameter(torch.randn(cfg.num_latents, cfg.latent_dim))
        self.lead_time_embed = nn.Embedding(cfg.lead_times, cfg.latent_dim)

        get_cross_attn = lambda: PreNorm(  # noqa: E731
            cfg.latent_dim,
            Attention(cfg.latent_dim, cfg.dim, heads=cfg.cross_heads, dim_head=cfg.cross_dim_head),
            context_dim=cfg.dim,
        )
        get_cross_ff = lambda: PreNorm(cfg.latent_dim, FeedForward(cfg.latent_dim, cfg.ff_mult))  # noqa: E731
        get_latent_attn = lambda: PreNorm(  # noqa: E731
            cfg.latent_dim,
            Attention(cfg.latent_dim, heads=cfg.latent_heads, dim_head=cfg.latent_dim_head),
        )
        get_latent_ff = lambda: PreNorm(cfg.latent_dim, FeedForward(cfg.latent_dim, cfg.ff_mult))  # noqa: E731

        if cfg.weight_tie_layers:
            get_latent_attn, get_latent_ff = map(cache_fn, (get_latent_attn, get_latent_ff))

        self.cross = nn.ModuleList([get_cross_attn(), get_cross_ff()])
        self.layers = nn.ModuleList()
        for i in range(cfg.depth):
            should_cache = i > 0 and cfg.weight_tie_layers
            cache_args = {"_cache": should_cache}
            self.layers.append(
                nn.ModuleList([get_latent_attn(**cache_args), get_latent_ff(**cache_args)])
            )

        self.decoder_queries = nn.Parameter(torch.randn(cfg.n_patches, cfg.dim))
        self.decoder_cross = PreNorm(
            cfg.dim,
            Attention(cfg.dim, cfg.latent_dim, heads=cfg.cross_heads, dim_head=cfg.cross_dim_head),
            context_dim=cfg.latent_dim,
        )
        self.heads = nn.ModuleDict(
            {v: zero_init_(nn.Linear(cfg.dim, cfg.patch * cfg.patch)) for v in cfg.variables}
        )


def build_model(overrides=None):
    cfg = Config.from_dict(default(overrides, {}))
    return LatentForecaster(cfg)


model = build_model(
    {"depth": 3, "dim": 48, "_comment": "small run", "variables": ("t2m", "msl", "z500")}
)
