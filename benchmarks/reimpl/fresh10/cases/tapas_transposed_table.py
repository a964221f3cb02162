"""TAPAS: BERT with seven token-type embeddings (segment, column, row, rank, ...). Sizes are one
two-column table transposed with ``zip(*rows)``; the seven type vocabularies are a tuple."""

import torch
from torch import nn

ROWS = [
    ("vocab", 300),
    ("hidden", 64),
    ("layers", 2),
    ("heads", 4),
    ("ffn", 128),
    ("positions", 256),
]
NAMES, VALUES = zip(*ROWS)
S = dict(zip(NAMES, VALUES))
TYPE_VOCABS = (3, 32, 32, 2, 64, 64, 10)


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d = S["hidden"]
        self.query, self.key, self.value = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)
        self.attn_dense = nn.Linear(d, d)
        self.attn_norm = nn.LayerNorm(d, eps=1e-12)
        self.ffn_in = nn.Linear(d, S["ffn"])
        self.ffn_out = nn.Linear(S["ffn"], d)
        self.ffn_norm = nn.LayerNorm(d, eps=1e-12)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            p(x).view(b, t, S["heads"], -1).transpose(1, 2)
            for p in (self.query, self.key, self.value)
        )
        o = nn.functional.scaled_dot_product_attention(q, k, v)
        x = self.attn_norm(x + self.attn_dense(o.transpose(1, 2).reshape(b, t, d)))
        return self.ffn_norm(x + self.ffn_out(nn.functional.gelu(self.ffn_in(x))))


class Tapas(nn.Module):
    def __init__(self):
        super().__init__()
        d = S["hidden"]
        self.word = nn.Embedding(S["vocab"], d)
        self.position = nn.Embedding(S["positions"], d)
        self.types = nn.ModuleList(nn.Embedding(n, d) for n in TYPE_VOCABS)
        self.embed_norm = nn.LayerNorm(d, eps=1e-12)
        self.layers = nn.ModuleList(EncoderLayer() for _ in range(S["layers"]))
        self.pooler = nn.Linear(d, d)

    def forward(self, ids, type_ids):
        x = self.word(ids) + self.position(torch.arange(ids.shape[1]))
        for i, emb in enumerate(self.types):
            x = x + emb(type_ids[..., i])
        x = self.embed_norm(x)
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
