"""x_transformers: a CrossAttender over an encoder's output, both held by a user module (fresh batch, benchmarks/wild/fresh)."""

import torch
import torch.nn as nn
from x_transformers import CrossAttender, Encoder, TransformerWrapper


class Reader(nn.Module):
    def __init__(self, vocab, dim, queries=8):
        super().__init__()
        self.enc = TransformerWrapper(
            num_tokens=vocab,
            max_seq_len=128,
            attn_layers=Encoder(dim=dim, depth=2, heads=4, attn_dim_head=16),
        )
        self.queries = nn.Parameter(torch.zeros(queries, dim))
        self.cross = CrossAttender(dim=dim, depth=2, heads=4)

    def forward(self, x):
        ctx = self.enc(x, return_embeddings=True)
        q = self.queries.expand(x.shape[0], -1, -1)
        return self.cross(q, context=ctx)


model = Reader(vocab=300, dim=64, queries=8)
