"""A long research-style file: a latent diffusion denoiser with a Perceiver-style cross-attention
encoder, timestep embeddings, adaptive LayerNorm (AdaLN-Zero) blocks, and an EMA copy of the model.

Several classes, a config dataclass with derived fields, a builder with optional pieces, weights shared
between the input and output projections through a parameter reference, and an EMA shadow module
deep-copied and frozen inside the wrapper."""

import copy
import math
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class DenoiserConfig:
    in_channels: int = 4
    patch: int = 2
    image_size: int = 32
    width: int = 256
    depth: int = 6
    heads: int = 8
    num_latents: int = 64
    cross_every: int = 3
    mlp_ratio: float = 4.0
    num_classes: int = 0
    learn_sigma: bool = True
    extra: dict = field(default_factory=dict)

    @property
    def n_patches(self) -> int:
        return (self.image_size // self.patch) ** 2

    @property
    def out_channels(self) -> int:
        return self.in_channels * (2 if self.learn_sigma else 1)


def timestep_embedding(t, dim, max_period=10000):
    half = dim // 2
    freqs = torch.exp(-math.log(max_period) * torch.arange(half, dtype=torch.float32) / half)
    args = t[:, None].float() * freqs[None]
    return torch.cat([torch.cos(args), torch.sin(args)], dim=-1)


class TimestepEmbedder(nn.Module):
    def __init__(self, width, freq_dim=256):
        super().__init__()
        self.freq_dim = freq_dim
        self.mlp = nn.Sequential(nn.Linear(freq_dim, width), nn.SiLU(), nn.Linear(width, width))

    def forward(self, t):
        return self.mlp(timestep_embedding(t, self.freq_dim))


class LabelEmbedder(nn.Module):
    def __init__(self, num_classes, width, dropout_prob=0.1):
        super().__init__()
        use_cfg = dropout_prob > 0
        self.table = nn.Embedding(num_classes + int(use_cfg), width)


class Attention(nn.Module):
    def __init__(self, dim, heads, kv_dim=None, qkv_bias=True):
        super().__init__()
        kv_dim = kv_dim or dim
        self.heads = heads
        self.q = nn.Linear(dim, dim, bias=qkv_bias)
        self.kv = nn.Linear(kv_dim, 2 * dim, bias=qkv_bias)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, ctx=None):
        ctx = x if ctx is None else ctx
        q = self.q(x)
        k, v = self.kv(ctx).chunk(2, dim=-1)
        b, n, d = q.shape
        h = self.heads
        q, k, v = (z.view(b, -1, h, d // h).transpose(1, 2) for z in (q, k, v))
        o = F.scaled_dot_product_attention(q, k, v)
        return self.proj(o.transpose(1, 2).reshape(b, n, d))


class AdaLNBlock(nn.Module):
    def __init__(self, dim, heads, mlp_ratio, cross=False):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, elementwise_affine=False, eps=1e-6)
        self.attn = Attention(dim, heads)
        self.cross = Attention(dim, heads) if cross else None
        self.norm_c = nn.LayerNorm(dim) if cross else None
        self.norm2 = nn.LayerNorm(dim, elementwise_affine=False, eps=1e-6)
        hidden = int(dim * mlp_ratio)
        self.mlp = nn.Sequential(
            nn.Linear(dim, hidden), nn.GELU(approximate="tanh"), nn.Linear(hidden, dim)
        )
        self.ada = nn.Sequential(nn.SiLU(), nn.Linear(dim, 6 * dim))
        nn.init.zeros_(self.ada[-1].weight)
        nn.init.zeros_(self.ada[-1].bias)


class PerceiverEncoder(nn.Module):
    """Latents cross-attend to patch tokens once, then self-attend."""

    def __init__(self, cfg: DenoiserConfig):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(cfg.num_latents, cfg.width) * 0.02)
        self.cross = Attention(cfg.width, 1)
        self.self_blocks = nn.ModuleList(
            AdaLNBlock(cfg.width, cfg.heads, cfg.mlp_ratio)
            for _ in range(max(1, cfg.depth // cfg.cross_every))
        )


class FinalLayer(nn.Module):
    def __init__(self, dim, patch, out_ch):
        super().__init__()
        self.norm = nn.LayerNorm(dim, elementwise_affine=False, eps=1e-6)
        self.linear = nn.Linear(dim, patch * patch * out_ch)
        self.ada = nn.Sequential(nn.SiLU(), nn.Linear(dim, 2 * dim))


class Denoiser(nn.Module):
    def __init__(self, cfg: DenoiserConfig):
        super().__init__()
        self.cfg = cfg
        self.patchify = nn.Conv2d(cfg.in_channels, cfg.width, cfg.patch, stride=cfg.patch)
        self.register_buffer("pos", torch.zeros(1, cfg.n_patches, cfg.width), persistent=False)
        self.t_embed = TimestepEmbedder(cfg.width)
        self.y_embed = LabelEmbedder(cfg.num_classes, cfg.width) if cfg.num_classes else None
        self.encoder = PerceiverEncoder(cfg)
        self.blocks = nn.ModuleList(
            AdaLNBlock(cfg.width, cfg.heads, cfg.mlp_ratio, cross=(i + 1) % cfg.cross_every == 0)
            for i in range(cfg.depth)
        )
        self.final = FinalLayer(cfg.width, cfg.patch, cfg.out_channels)


class EMAWrapper(nn.Module):
    def __init__(self, net: nn.Module, decay=0.9999):
        super().__init__()
        self.net = net
        self.ema = copy.deepcopy(net).requires_grad_(False)
        self.decay = decay


cfg = DenoiserConfig(width=192, depth=6, heads=6, num_latents=32, num_classes=100, cross_every=2)
model = EMAWrapper(Denoiser(cfg))
