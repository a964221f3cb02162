"""RoBERTa with the feed-forward width as an exact ``fractions.Fraction`` of the hidden size and
positions offset past the padding index (``max_positions + padding_idx + 1`` rows)."""

from fractions import Fraction

import torch
from torch import nn

HIDDEN = 96
FFN_RATIO = Fraction(8, 3)
FFN = int(HIDDEN * FFN_RATIO)
HEADS = 6
DEPTH = 3
VOCAB = 500
MAX_POSITIONS = 128
PAD = 1


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.ModuleDict({n: nn.Linear(HIDDEN, HIDDEN) for n in ("query", "key", "value")})
        self.dense = nn.Linear(HIDDEN, HIDDEN)
        self.norm = nn.LayerNorm(HIDDEN, eps=1e-5)

    def forward(self, x, mask):
        b, t, _ = x.shape
        q, k, v = (
            self.qkv[n](x).view(b, t, HEADS, -1).transpose(1, 2) for n in ("query", "key", "value")
        )
        o = nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.norm(x + self.dense(o.transpose(1, 2).reshape(b, t, HIDDEN)))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = Attention()
        self.up = nn.Linear(HIDDEN, FFN)
        self.down = nn.Linear(FFN, HIDDEN)
        self.norm = nn.LayerNorm(HIDDEN, eps=1e-5)

    def forward(self, x, mask):
        x = self.attention(x, mask)
        return self.norm(x + self.down(nn.functional.gelu(self.up(x))))


class Roberta(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(VOCAB, HIDDEN, padding_idx=PAD)
        self.positions = nn.Embedding(MAX_POSITIONS + PAD + 1, HIDDEN, padding_idx=PAD)
        self.segments = nn.Embedding(1, HIDDEN)
        self.emb_norm = nn.LayerNorm(HIDDEN, eps=1e-5)
        self.layers = nn.ModuleList(Layer() for _ in range(DEPTH))
        self.pool = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, ids, mask):
        pos = torch.cumsum(ids.ne(PAD).long(), 1) * ids.ne(PAD) + PAD
        x = self.emb_norm(
            self.tokens(ids) + self.positions(pos) + self.segments(torch.zeros_like(ids))
        )
        m = mask[:, None, None, :]
        for layer in self.layers:
            x = layer(x, m)
        return x, torch.tanh(self.pool(x[:, 0]))
