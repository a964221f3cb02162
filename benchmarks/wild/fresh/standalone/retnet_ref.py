"""RetNet (multi-scale retention) in the style of a research reference (fresh batch, benchmarks/wild/fresh)."""

import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class RetNetConfig:
    vocab_size: int = 1000
    d_model: int = 128
    n_layers: int = 3
    n_heads: int = 4
    ffn_mult: float = 2.0
    value_factor: int = 2
    dropout: float = 0.0


class XPos(nn.Module):
    def __init__(self, head_dim, scale_base=512):
        super().__init__()
        self.head_dim = head_dim
        self.scale_base = scale_base
        self.register_buffer("scale", (torch.arange(0, head_dim, 2) + 0.4 * head_dim) / (1.4 * head_dim))


class MultiScaleRetention(nn.Module):
    def __init__(self, cfg: RetNetConfig):
        super().__init__()
        self.n_heads = cfg.n_heads
        self.key_dim = cfg.d_model // cfg.n_heads
        self.value_dim = cfg.d_model * cfg.value_factor
        self.head_v = self.value_dim // cfg.n_heads
        self.q_proj = nn.Linear(cfg.d_model, cfg.d_model, bias=False)
        self.k_proj = nn.Linear(cfg.d_model, cfg.d_model, bias=False)
        self.v_proj = nn.Linear(cfg.d_model, self.value_dim, bias=False)
        self.g_proj = nn.Linear(cfg.d_model, self.value_dim, bias=False)
        self.out_proj = nn.Linear(self.value_dim, cfg.d_model, bias=False)
        self.group_norm = nn.GroupNorm(cfg.n_heads, self.value_dim, affine=False)
        self.xpos = XPos(self.key_dim)
        gammas = 1 - torch.exp(torch.linspace(math.log(1 / 32), math.log(1 / 512), cfg.n_heads))
        self.register_buffer("gammas", gammas)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, self.n_heads, self.key_dim).transpose(1, 2)
        k = self.k_proj(x).view(b, t, self.n_heads, self.key_dim).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.n_heads, self.head_v).transpose(1, 2)
        n = torch.arange(t, device=x.device)
        decay = (n[:, None] - n[None, :]).clamp(min=0).float()
        mask = (self.gammas.view(-1, 1, 1) ** decay) * (n[:, None] >= n[None, :])
        ret = (q @ k.transpose(-1, -2)) * mask
        y = (ret @ v).transpose(1, 2).reshape(b * t, self.value_dim)
        y = self.group_norm(y).view(b, t, self.value_dim)
        return self.out_proj(F.silu(self.g_proj(x)) * y)


class RetNetBlock(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        hidden = int(cfg.d_model * cfg.ffn_mult)
        self.ln1 = nn.LayerNorm(cfg.d_model)
        self.msr = MultiScaleRetention(cfg)
        self.ln2 = nn.LayerNorm(cfg.d_model)
        self.ffn = nn.Sequential(nn.Linear(cfg.d_model, hidden), nn.GELU(), nn.Linear(hidden, cfg.d_model))

    def forward(self, x):
        x = x + self.msr(self.ln1(x))
        return x + self.ffn(self.ln2(x))


class RetNet(nn.Module):
    def __init__(self, cfg: RetNetConfig):
        super().__init__()
        self.embed = nn.Embedding(cfg.vocab_size, cfg.d_model)
        self.layers = nn.ModuleList([RetNetBlock(cfg) for _ in range(cfg.n_layers)])
        self.norm = nn.LayerNorm(cfg.d_model)
        self.lm_head = nn.Linear(cfg.d_model, cfg.vocab_size, bias=False)

    def forward(self, idx):
        x = self.embed(idx)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))


model = RetNet(RetNetConfig(vocab_size=512, d_model=96, n_layers=2, n_heads=3))
