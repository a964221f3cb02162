"""Mixture-of-Depths: every other block routed (a scalar router per block picks the top-k tokens)."""

import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, h, bias=False, batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(
            nn.Linear(d, 4 * d, bias=False), nn.GELU(), nn.Linear(4 * d, d, bias=False)
        )


class MoDBlock(nn.Module):
    def __init__(self, d, h, capacity=0.125):
        super().__init__()
        self.router = nn.Linear(d, 1, bias=False)
        self.aux_router = nn.Sequential(nn.Linear(d, d // 2), nn.SiLU(), nn.Linear(d // 2, 1))
        self.block = Block(d, h)
        self.capacity = capacity


class MoDTransformer(nn.Module):
    def __init__(self, vocab=32000, d=384, h=6, n=8, ctx=1024):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(ctx, d)
        self.blocks = nn.ModuleList(MoDBlock(d, h) if i % 2 else Block(d, h) for i in range(n))
        self.ln_f = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab, bias=False)
        self.head.weight = self.tok.weight


model = MoDTransformer()
