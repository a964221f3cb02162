"""A small BERT-style encoder written for the drift example (not from any real repository).

It matches bert-base-uncased in every width (hidden 768, intermediate 3072, vocabulary 30522,
512 positions, 2 segment types, LayerNorm eps 1e-12) but has 3 layers and 8 heads, and none
of its module names match Hugging Face's. ``driftcheck compare`` finds exactly those two
differences against the published config:

    driftcheck compare examples/drift/bert-base-uncased.config.json examples/drift/tiny_encoder.py
"""

import torch
from torch import nn

HIDDEN = 768
HEADS = 8
FFN = 3072
DEPTH = 3
VOCAB = 30522
POSITIONS = 512
EPS = 1e-12


class EncoderBlock(nn.Module):
    """Post-norm transformer layer, as in BERT: attention, add & norm, MLP, add & norm."""

    def __init__(self, dim: int, heads: int, ffn: int) -> None:
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, dropout=0.1, batch_first=True)
        self.norm_attn = nn.LayerNorm(dim, eps=EPS)
        self.ff_in = nn.Linear(dim, ffn)
        self.act = nn.GELU()
        self.ff_out = nn.Linear(ffn, dim)
        self.norm_ff = nn.LayerNorm(dim, eps=EPS)
        self.drop = nn.Dropout(0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:  # x: (B, T, dim)
        a, _ = self.attn(x, x, x, need_weights=False)
        x = self.norm_attn(x + self.drop(a))
        h = self.ff_out(self.act(self.ff_in(x)))
        return self.norm_ff(x + self.drop(h))


class TinyEncoder(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.tok = nn.Embedding(VOCAB, HIDDEN, padding_idx=0)
        self.pos = nn.Embedding(POSITIONS, HIDDEN)
        self.seg = nn.Embedding(2, HIDDEN)
        self.norm_in = nn.LayerNorm(HIDDEN, eps=EPS)
        self.drop = nn.Dropout(0.1)
        self.blocks = nn.ModuleList([EncoderBlock(HIDDEN, HEADS, FFN) for _ in range(DEPTH)])
        self.pool = nn.Linear(HIDDEN, HIDDEN)
        self.pool_act = nn.Tanh()

    def forward(self, ids: torch.Tensor, segments: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(ids.shape[1], device=ids.device)
        x = self.drop(self.norm_in(self.tok(ids) + self.pos(positions) + self.seg(segments)))
        for block in self.blocks:
            x = block(x)
        return self.pool_act(self.pool(x[:, 0]))  # (B, HIDDEN): the pooled first token
