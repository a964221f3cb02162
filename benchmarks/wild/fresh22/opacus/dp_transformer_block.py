"""A transformer encoder block with opacus' DPMultiheadAttention (separate q/k/v linears), kdim/vdim
differing from embed_dim and bias_kv added, stacked with a list comprehension."""

from dataclasses import dataclass, field

from opacus.layers import DPMultiheadAttention
from torch import nn


@dataclass
class BlockCfg:
    dim: int = 32
    heads: int = 4
    ff_mult: int = 2
    kdim: int = 24
    extras: dict = field(default_factory=lambda: {"add_bias_kv": True})


class Block(nn.Module):
    def __init__(self, cfg: BlockCfg):
        super().__init__()
        self.attn = DPMultiheadAttention(
            cfg.dim, cfg.heads, kdim=cfg.kdim, vdim=cfg.kdim, **cfg.extras
        )
        self.norm1 = nn.LayerNorm(cfg.dim)
        self.ff = nn.Sequential(
            nn.Linear(cfg.dim, cfg.dim * cfg.ff_mult),
            nn.ReLU(),
            nn.Linear(cfg.dim * cfg.ff_mult, cfg.dim),
        )
        self.norm2 = nn.LayerNorm(cfg.dim)


cfg = BlockCfg(ff_mult=3)
model = nn.ModuleList([Block(cfg) for _ in range(2)])
