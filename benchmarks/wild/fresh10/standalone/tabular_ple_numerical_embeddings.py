"""FT-Transformer-like tabular model with piecewise-linear numerical embeddings (bin edges kept
as buffers), categorical embeddings with per-feature offsets, a CLS token, and a reglu FFN."""

import torch
from torch import nn

N_NUM = 8
N_BINS = 16
CARDINALITIES = [3, 12, 7, 2, 50]
D = 96


class PiecewiseLinearEmbeddings(nn.Module):
    def __init__(self, n_features, n_bins, d):
        super().__init__()
        self.register_buffer("edges", torch.linspace(0, 1, n_bins + 1).repeat(n_features, 1))
        self.weight = nn.Parameter(torch.empty(n_features, n_bins, d).normal_(std=0.02))
        self.bias = nn.Parameter(torch.zeros(n_features, d))


class CatEmbeddings(nn.Module):
    def __init__(self, cards, d):
        super().__init__()
        self.register_buffer("offsets", torch.tensor([0] + cards[:-1]).cumsum(0))
        self.embeddings = nn.Embedding(sum(cards), d)
        self.bias = nn.Parameter(torch.zeros(len(cards), d))


class ReGLUBlock(nn.Module):
    def __init__(self, d, ffn_mult=4 / 3):
        super().__init__()
        hidden = int(d * ffn_mult)
        self.norm1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, 8, batch_first=True)
        self.norm2 = nn.LayerNorm(d)
        self.lin1 = nn.Linear(d, 2 * hidden)
        self.lin2 = nn.Linear(hidden, d)


class TabModel(nn.Module):
    def __init__(self, n_blocks=3, d_out=1):
        super().__init__()
        self.num = PiecewiseLinearEmbeddings(N_NUM, N_BINS, D)
        self.cat = CatEmbeddings(CARDINALITIES, D)
        self.cls = nn.Parameter(torch.randn(1, 1, D) * 0.02)
        self.blocks = nn.ModuleList(ReGLUBlock(D) for _ in range(n_blocks))
        self.head = nn.Sequential(nn.LayerNorm(D), nn.ReLU(), nn.Linear(D, d_out))


model = TabModel()
