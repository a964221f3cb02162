"""models/world_model.py adapted from a paper's repository: a latent video world model (VQ
tokenizer + action-conditioned spatio-temporal transformer + reward/termination heads), with its
own config class, helper functions and a registry of presets in one long file."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import torch
import torch.nn as nn


# --------------------------------------------------------------------------- config
@dataclass
class TokenizerConfig:
    in_ch: int = 3
    ch: int = 64
    ch_mult: tuple = (1, 2, 2)
    num_res: int = 1
    z_ch: int = 32
    codebook_size: int = 512


@dataclass
class DynamicsConfig:
    dim: int = 256
    depth: int = 4
    heads: int = 8
    mlp_ratio: float = 4.0
    n_actions: int = 18
    max_frames: int = 16
    tokens_per_frame: int = 64
    qk_norm: bool = True


@dataclass
class WorldModelConfig:
    tokenizer: TokenizerConfig = field(default_factory=TokenizerConfig)
    dynamics: DynamicsConfig = field(default_factory=DynamicsConfig)
    reward_bins: int = 255
    share_codebook_embedding: bool = True


PRESETS = {
    "atari-s": WorldModelConfig(),
    "atari-xs": WorldModelConfig(dynamics=DynamicsConfig(dim=128, depth=2, heads=4)),
    "procgen": WorldModelConfig(
        tokenizer=TokenizerConfig(ch=48, ch_mult=(1, 2, 4), z_ch=16, codebook_size=1024),
        dynamics=DynamicsConfig(dim=192, depth=3, heads=6, n_actions=15, tokens_per_frame=16),
    ),
}


# --------------------------------------------------------------------------- helpers
def norm(ch: int) -> nn.GroupNorm:
    return nn.GroupNorm(num_groups=min(32, ch // 4), num_channels=ch, eps=1e-6)


def zero_module(m: nn.Module) -> nn.Module:
    for p in m.parameters():
        p.detach().zero_()
    return m


def sinusoid(n: int, d: int) -> torch.Tensor:
    pos = torch.arange(n)[:, None]
    i = torch.arange(d // 2)[None]
    ang = pos / (10000 ** (2 * i / d))
    return torch.cat([ang.sin(), ang.cos()], dim=-1)


# --------------------------------------------------------------------------- tokenizer
class ResBlock(nn.Module):
    def __init__(self, cin: int, cout: int | None = None):
        super().__init__()
        cout = cout or cin
        self.n1, self.c1 = norm(cin), nn.Conv2d(cin, cout, 3, padding=1)
        self.n2, self.c2 = norm(cout), zero_module(nn.Conv2d(cout, cout, 3, padding=1))
        self.skip = nn.Conv2d(cin, cout, 1) if cin != cout else nn.Identity()


class Encoder(nn.Module):
    def __init__(self, cfg: TokenizerConfig):
        super().__init__()
        self.conv_in = nn.Conv2d(cfg.in_ch, cfg.ch, 3, padding=1)
        blocks, ch = [], cfg.ch
        for i, m in enumerate(cfg.ch_mult):
            out = cfg.ch * m
            for _ in range(cfg.num_res):
                blocks.append(ResBlock(ch, out))
                ch = out
            if i != len(cfg.ch_mult) - 1:
                blocks.append(nn.Conv2d(ch, ch, 4, stride=2, padding=1))
        self.down = nn.Sequential(*blocks)
        self.norm_out = norm(ch)
        self.conv_out = nn.Conv2d(ch, cfg.z_ch, 1)


class Decoder(nn.Module):
    def __init__(self, cfg: TokenizerConfig):
        super().__init__()
        ch = cfg.ch * cfg.ch_mult[-1]
        self.conv_in = nn.Conv2d(cfg.z_ch, ch, 3, padding=1)
        blocks = []
        for i, m in reversed(list(enumerate(cfg.ch_mult))):
            out = cfg.ch * m
            for _ in range(cfg.num_res + 1):
                blocks.append(ResBlock(ch, out))
                ch = out
            if i != 0:
                blocks += [nn.Upsample(scale_factor=2.0), nn.Conv2d(ch, ch, 3, padding=1)]
        self.up = nn.Sequential(*blocks)
        self.norm_out = norm(ch)
        self.conv_out = nn.Conv2d(ch, cfg.in_ch, 3, padding=1)


class VectorQuantizer(nn.Module):
    def __init__(self, n: int, d: int, beta: float = 0.25):
        super().__init__()
        self.embedding = nn.Embedding(n, d)
        self.beta = beta
        self.register_buffer("usage", torch.zeros(n), persistent=False)


class Tokenizer(nn.Module):
    def __init__(self, cfg: TokenizerConfig):
        super().__init__()
        self.encoder = Encoder(cfg)
        self.pre_quant = nn.Conv2d(cfg.z_ch, cfg.z_ch, 1)
        self.quantizer = VectorQuantizer(cfg.codebook_size, cfg.z_ch)
        self.post_quant = nn.Conv2d(cfg.z_ch, cfg.z_ch, 1)
        self.decoder = Decoder(cfg)


# --------------------------------------------------------------------------- dynamics
class Attention(nn.Module):
    def __init__(self, dim: int, heads: int, qk_norm: bool):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.q_norm = nn.LayerNorm(dim // heads) if qk_norm else nn.Identity()
        self.k_norm = nn.LayerNorm(dim // heads) if qk_norm else nn.Identity()
        self.proj = nn.Linear(dim, dim)


class STBlock(nn.Module):
    """A spatial attention then a causal temporal attention, then an MLP (three pre-norms)."""

    def __init__(self, cfg: DynamicsConfig):
        super().__init__()
        d = cfg.dim
        hidden = int(math.ceil(d * cfg.mlp_ratio / 64) * 64)
        self.n1, self.spatial = nn.LayerNorm(d), Attention(d, cfg.heads, cfg.qk_norm)
        self.n2, self.temporal = nn.LayerNorm(d), Attention(d, cfg.heads, cfg.qk_norm)
        self.n3 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(
            nn.Linear(d, hidden), nn.GELU(approximate="tanh"), nn.Linear(hidden, d)
        )


class Dynamics(nn.Module):
    def __init__(
        self, cfg: DynamicsConfig, codebook_size: int, token_embedding: nn.Embedding | None
    ):
        super().__init__()
        if token_embedding is None:
            self.token_emb = nn.Embedding(codebook_size + 1, cfg.dim)  # + mask token
            self.token_proj = nn.Identity()
        else:
            self.token_emb = token_embedding  # shared with the quantizer (z_ch wide)
            self.token_proj = nn.Linear(token_embedding.embedding_dim, cfg.dim, bias=False)
        self.mask_token = nn.Parameter(torch.zeros(cfg.dim))
        self.action_emb = nn.Embedding(cfg.n_actions, cfg.dim)
        self.register_buffer(
            "spatial_pos", sinusoid(cfg.tokens_per_frame, cfg.dim), persistent=False
        )
        self.temporal_pos = nn.Parameter(torch.zeros(cfg.max_frames, cfg.dim))
        self.blocks = nn.ModuleList(STBlock(cfg) for _ in range(cfg.depth))
        self.norm = nn.LayerNorm(cfg.dim)
        self.to_logits = nn.Linear(cfg.dim, codebook_size)


class WorldModel(nn.Module):
    def __init__(self, cfg: WorldModelConfig):
        super().__init__()
        self.cfg = cfg
        self.tokenizer = Tokenizer(cfg.tokenizer)
        shared = self.tokenizer.quantizer.embedding if cfg.share_codebook_embedding else None
        self.dynamics = Dynamics(cfg.dynamics, cfg.tokenizer.codebook_size, shared)
        d = cfg.dynamics.dim
        self.reward_head = nn.Sequential(nn.Linear(d, d), nn.SiLU(), nn.Linear(d, cfg.reward_bins))
        self.done_head = nn.Sequential(nn.Linear(d, d // 2), nn.SiLU(), nn.Linear(d // 2, 1))

    @classmethod
    def from_preset(cls, name: str, **overrides) -> WorldModel:
        cfg = PRESETS[name]
        if "dynamics" in overrides:
            cfg = replace(cfg, dynamics=replace(cfg.dynamics, **overrides.pop("dynamics")))
        return cls(replace(cfg, **overrides))

    def forward(self, frames, actions):  # pragma: no cover - not needed to build
        raise NotImplementedError


model = WorldModel.from_preset("procgen", dynamics={"depth": 2, "qk_norm": False}, reward_bins=101)
