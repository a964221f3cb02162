"""sLSTM block (xLSTM) with block-diagonal recurrent weights, exponential gating, pre-up-projection."""

import math
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class sLSTMConfig:
    embedding_dim: int = 128
    num_heads: int = 4
    num_blocks: int = 3
    vocab_size: int = 1000
    proj_factor: float = 4 / 3
    conv1d_kernel_size: int = 4
    slstm_at: list = field(default_factory=lambda: [0, 2])


class BlockDiagonal(nn.Module):
    def __init__(self, in_features, out_features, num_blocks, bias=True):
        super().__init__()
        assert in_features % num_blocks == 0 and out_features % num_blocks == 0
        bi, bo = in_features // num_blocks, out_features // num_blocks
        self.blocks = nn.ModuleList([nn.Linear(bi, bo, bias=bias) for _ in range(num_blocks)])

    def forward(self, x):
        xs = x.chunk(len(self.blocks), dim=-1)
        return torch.cat([b(c) for b, c in zip(self.blocks, xs)], dim=-1)


class sLSTMCell(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.W = nn.Linear(dim, 4 * dim)
        self.R = nn.ParameterList(
            [
                nn.Parameter(
                    torch.randn(heads, dim // heads, dim // heads) / math.sqrt(dim // heads)
                )
                for _ in range(4)
            ]
        )
        self.heads = heads

    def forward(self, x, state):
        h, c, n, m = state
        hh = h.view(h.shape[0], self.heads, -1)
        rec = torch.cat([torch.einsum("bhd,hde->bhe", hh, r).flatten(1) for r in self.R], dim=-1)
        i, f, z, o = (self.W(x) + rec).chunk(4, -1)
        m_new = torch.maximum(f + m, i)
        i = torch.exp(i - m_new)
        f = torch.exp(f + m - m_new)
        c = f * c + i * torch.tanh(z)
        n = f * n + i
        h = torch.sigmoid(o) * c / n
        return h, (h, c, n, m_new)


class sLSTMBlock(nn.Module):
    def __init__(self, cfg: sLSTMConfig):
        super().__init__()
        d = cfg.embedding_dim
        self.norm = nn.LayerNorm(d)
        self.conv = nn.Conv1d(
            d, d, cfg.conv1d_kernel_size, padding=cfg.conv1d_kernel_size - 1, groups=d
        )
        self.cell = sLSTMCell(d, cfg.num_heads)
        self.group_norm = nn.GroupNorm(cfg.num_heads, d)
        up = int(cfg.proj_factor * d)
        self.up = nn.Linear(d, 2 * up)
        self.down = nn.Linear(up, d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.norm(x)
        h = F.silu(self.conv(h.transpose(1, 2))[..., :t]).transpose(1, 2)
        state = [torch.zeros(b, d, device=x.device) for _ in range(4)]
        outs = []
        for s in range(t):
            y, state = self.cell(h[:, s], state)
            outs.append(y)
        y = self.group_norm(torch.stack(outs, 2)).transpose(1, 2)
        a, g = self.up(y).chunk(2, -1)
        return x + self.down(a * F.gelu(g))


class mLSTMBlockLite(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        d = cfg.embedding_dim
        self.norm = nn.LayerNorm(d)
        self.proj_up = nn.Linear(d, 4 * d)
        self.qkv = BlockDiagonal(2 * d, 6 * d, cfg.num_heads, bias=False)
        self.igate = nn.Linear(6 * d, cfg.num_heads)
        self.fgate = nn.Linear(6 * d, cfg.num_heads)
        self.learnable_skip = nn.Parameter(torch.ones(2 * d))
        self.proj_down = nn.Linear(2 * d, d)

    def forward(self, x):
        a, z = self.proj_up(self.norm(x)).chunk(2, -1)
        q, k, v = self.qkv(a).chunk(3, -1)
        return x + self.proj_down((v + self.learnable_skip * a) * F.silu(z))


class xLSTMLM(nn.Module):
    def __init__(self, cfg: sLSTMConfig):
        super().__init__()
        self.embedding = nn.Embedding(cfg.vocab_size, cfg.embedding_dim)
        self.blocks = nn.ModuleList(
            [
                sLSTMBlock(cfg) if i in cfg.slstm_at else mLSTMBlockLite(cfg)
                for i in range(cfg.num_blocks)
            ]
        )
        self.post_norm = nn.LayerNorm(cfg.embedding_dim)
        self.lm_head = nn.Linear(cfg.embedding_dim, cfg.vocab_size, bias=False)
        self.lm_head.weight = self.embedding.weight

    def forward(self, idx):
        x = self.embedding(idx)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(self.post_norm(x))


model = xLSTMLM(sLSTMConfig(embedding_dim=128, num_heads=4, num_blocks=4, slstm_at=[1, 3]))
