"""A Conformer CTC acoustic model in one research-style file (subsampling, relative positions, macaron FFN)."""

import math
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class ConformerConfig:
    n_mels: int = 80
    d_model: int = 144
    n_heads: int = 4
    n_layers: int = 4
    ff_mult: int = 4
    conv_kernel: int = 15
    vocab: int = 128
    dropout: float = 0.1
    subsample_channels: list = field(default_factory=lambda: [64, 64])
    max_rel: int = 64


class Swish(nn.Module):
    def forward(self, x):
        return x * torch.sigmoid(x)


class Conv2dSubsampling(nn.Module):
    """Two stride-2 convs: time and frequency are both divided by four."""

    def __init__(self, n_mels, channels, d_model):
        super().__init__()
        c1, c2 = channels
        self.conv = nn.Sequential(
            nn.Conv2d(1, c1, 3, 2), nn.ReLU(), nn.Conv2d(c1, c2, 3, 2), nn.ReLU()
        )
        freq = ((n_mels - 1) // 2 - 1) // 2
        self.out = nn.Linear(c2 * freq, d_model)


class RelPositionBias(nn.Module):
    """Learned bias per head and clipped relative distance."""

    def __init__(self, heads, max_rel):
        super().__init__()
        self.max_rel = max_rel
        self.table = nn.Embedding(2 * max_rel + 1, heads)
        self.register_buffer("_cache", torch.empty(0), persistent=False)


class RelMHSA(nn.Module):
    def __init__(self, d, heads, max_rel, dropout):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.pos = RelPositionBias(heads, max_rel)
        self.pos_u = nn.Parameter(torch.zeros(heads, d // heads))
        self.pos_v = nn.Parameter(torch.zeros(heads, d // heads))
        self.drop = nn.Dropout(dropout)


class FeedForward(nn.Module):
    def __init__(self, d, mult, dropout):
        super().__init__()
        self.net = nn.Sequential(
            nn.LayerNorm(d),
            nn.Linear(d, d * mult),
            Swish(),
            nn.Dropout(dropout),
            nn.Linear(d * mult, d),
            nn.Dropout(dropout),
        )

    def forward(self, x):
        return self.net(x)


class ConvModule(nn.Module):
    def __init__(self, d, kernel, dropout):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.pw1 = nn.Conv1d(d, 2 * d, 1)
        self.glu = nn.GLU(dim=1)
        self.dw = nn.Conv1d(d, d, kernel, padding=kernel // 2, groups=d)
        self.bn = nn.BatchNorm1d(d)
        self.act = Swish()
        self.pw2 = nn.Conv1d(d, d, 1)
        self.drop = nn.Dropout(dropout)


class ConformerBlock(nn.Module):
    def __init__(self, cfg: ConformerConfig):
        super().__init__()
        d = cfg.d_model
        self.ff1 = FeedForward(d, cfg.ff_mult, cfg.dropout)
        self.attn_norm = nn.LayerNorm(d)
        self.attn = RelMHSA(d, cfg.n_heads, cfg.max_rel, cfg.dropout)
        self.conv = ConvModule(d, cfg.conv_kernel, cfg.dropout)
        self.ff2 = FeedForward(d, cfg.ff_mult, cfg.dropout)
        self.final_norm = nn.LayerNorm(d)

    def forward(self, x):
        x = x + 0.5 * self.ff1(x)
        return self.final_norm(x + 0.5 * self.ff2(x))


class SpecAugment(nn.Module):
    """No parameters: masks are drawn at train time."""

    def __init__(self, freq_masks=2, time_masks=2, F_=27, T=40):
        super().__init__()
        self.freq_masks, self.time_masks, self.F, self.T = freq_masks, time_masks, F_, T


class ConformerCTC(nn.Module):
    def __init__(self, cfg: ConformerConfig):
        super().__init__()
        self.cfg = cfg
        self.specaug = SpecAugment()
        self.subsample = Conv2dSubsampling(cfg.n_mels, cfg.subsample_channels, cfg.d_model)
        self.input_drop = nn.Dropout(cfg.dropout)
        self.blocks = nn.ModuleList(ConformerBlock(cfg) for _ in range(cfg.n_layers))
        self.ctc_head = nn.Linear(cfg.d_model, cfg.vocab + 1)  # + blank
        self.scale = math.sqrt(cfg.d_model)

    def forward(self, feats):
        x = feats.unsqueeze(1)
        x = self.subsample.conv(x)
        b, c, t, f = x.shape
        x = self.subsample.out(x.permute(0, 2, 1, 3).reshape(b, t, c * f))
        for blk in self.blocks:
            x = blk(x)
        return F.log_softmax(self.ctc_head(x), dim=-1)


CONFIG = ConformerConfig(n_mels=64, d_model=96, n_heads=4, n_layers=3, conv_kernel=15, vocab=64)
model = ConformerCTC(CONFIG)
