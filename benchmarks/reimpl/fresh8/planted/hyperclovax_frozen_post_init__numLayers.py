"""A peri-norm decoder (a norm before AND after each sublayer) with muP-style multipliers.
The config is a frozen dataclass whose derived sizes (head_dim, kv width) are filled in
``__post_init__`` through ``object.__setattr__``."""

from __future__ import annotations

from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(frozen=True)
class ClovaConfig:
    vocab_size: int = 768
    d_model: int = 64
    n_layer: int = 2
    n_head: int = 4
    n_kv_group: int = 2
    d_ff: int = 192
    rope_theta: float = 10000.0
    norm_eps: float = 1e-6
    embedding_multiplier: float = 1.0
    residual_multiplier: float = 1.0
    head_dim: int = field(init=False)
    kv_dim: int = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "head_dim", self.d_model // self.n_head)
        object.__setattr__(self, "kv_dim", self.n_kv_group * (self.d_model // self.n_head))


class Norm(nn.Module):
    def __init__(self, cfg: ClovaConfig):
        super().__init__()
        self.eps = cfg.norm_eps
        self.weight = nn.Parameter(torch.ones(cfg.d_model))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class SelfAttention(nn.Module):
    def __init__(self, cfg: ClovaConfig):
        super().__init__()
        self.cfg = cfg
        self.q_proj = nn.Linear(cfg.d_model, cfg.d_model, bias=False)
        self.k_proj = nn.Linear(cfg.d_model, cfg.kv_dim, bias=False)
        self.v_proj = nn.Linear(cfg.d_model, cfg.kv_dim, bias=False)
        self.o_proj = nn.Linear(cfg.d_model, cfg.d_model, bias=False)

    def forward(self, x):
        c = self.cfg
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, c.n_head, c.head_dim).transpose(1, 2)
        k = self.k_proj(x).view(b, t, c.n_kv_group, c.head_dim).transpose(1, 2)
        v = self.v_proj(x).view(b, t, c.n_kv_group, c.head_dim).transpose(1, 2)
        inv = c.rope_theta ** (-torch.arange(0, c.head_dim, 2).float() / c.head_dim)
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)

        def rope(z):
            z1, z2 = z[..., : c.head_dim // 2], z[..., c.head_dim // 2 :]
            return z * ang.cos() + torch.cat((-z2, z1), -1) * ang.sin()

        y = F.scaled_dot_product_attention(rope(q), rope(k), v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class DecoderLayer(nn.Module):
    def __init__(self, cfg: ClovaConfig):
        super().__init__()
        self.cfg = cfg
        self.input_layernorm = Norm(cfg)
        self.self_attn = SelfAttention(cfg)
        self.post_norm1 = Norm(cfg)
        self.post_attention_layernorm = Norm(cfg)
        self.gate_proj = nn.Linear(cfg.d_model, cfg.d_ff, bias=False)
        self.up_proj = nn.Linear(cfg.d_model, cfg.d_ff, bias=False)
        self.down_proj = nn.Linear(cfg.d_ff, cfg.d_model, bias=False)
        self.post_norm2 = Norm(cfg)

    def forward(self, x):
        r = self.cfg.residual_multiplier
        x = x + r * self.post_norm1(self.self_attn(self.input_layernorm(x)))
        h = self.post_attention_layernorm(x)
        return x + r * self.post_norm2(self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h)))


class ClovaLM(nn.Module):
    def __init__(self, cfg: ClovaConfig | None = None):
        super().__init__()
        cfg = cfg or ClovaConfig()
        self.cfg = cfg
        self.embed = nn.Embedding(cfg.vocab_size, cfg.d_model)
        self.blocks = nn.ModuleList(DecoderLayer(cfg) for _ in range(cfg.n_layer))
        self.final_norm = Norm(cfg)
        self.head = nn.Linear(cfg.d_model, cfg.vocab_size, bias=False)

    def forward(self, ids):
        x = self.embed(ids) * self.cfg.embedding_multiplier
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.final_norm(x))
