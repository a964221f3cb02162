"""BERT4Rec: item and position embeddings, bidirectional transformer blocks written out, and an
output layer that reuses the item embedding table plus its own bias (tied weight)."""

import torch
import torch.nn as nn


class TransformerBlock(nn.Module):
    def __init__(self, hidden, heads, ff):
        super().__init__()
        self.attention = nn.MultiheadAttention(hidden, heads, batch_first=True)
        self.input_sublayer = nn.LayerNorm(hidden)
        self.feed_forward = nn.Sequential(nn.Linear(hidden, ff), nn.GELU(), nn.Linear(ff, hidden))
        self.output_sublayer = nn.LayerNorm(hidden)


class BERT4Rec(nn.Module):
    def __init__(self, num_items=3706, max_len=200, hidden=64, n_layers=2, heads=2):
        super().__init__()
        vocab = num_items + 2  # padding and [mask]
        self.token = nn.Embedding(vocab, hidden, padding_idx=0)
        self.position = nn.Embedding(max_len, hidden)
        self.blocks = nn.ModuleList(
            TransformerBlock(hidden, heads, 4 * hidden) for _ in range(n_layers)
        )
        self.out_bias = nn.Parameter(torch.zeros(vocab))
        self.out = nn.Linear(hidden, vocab, bias=False)
        self.out.weight = self.token.weight


model = BERT4Rec()
