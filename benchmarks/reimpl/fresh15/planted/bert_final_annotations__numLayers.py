"""BERT with its sizes as typing.Final module constants (the way our style guide asks for them)."""

from typing import Final

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB_SIZE: Final[int] = 384
HIDDEN: Final[int] = 64
LAYERS: Final[int] = 3
HEADS: Final[int] = 4
INTERMEDIATE: Final[int] = 256
MAX_POSITIONS: Final[int] = 128
TYPE_VOCAB: Final[int] = 2
LN_EPS: Final[float] = 1e-12


class Embeddings(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(VOCAB_SIZE, HIDDEN)
        self.position = nn.Embedding(MAX_POSITIONS, HIDDEN)
        self.token_type = nn.Embedding(TYPE_VOCAB, HIDDEN)
        self.norm = nn.LayerNorm(HIDDEN, eps=LN_EPS)

    def forward(self, ids, types):
        pos = torch.arange(ids.shape[1])
        return self.norm(self.word(ids) + self.position(pos) + self.token_type(types))


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Linear(HIDDEN, HIDDEN)
        self.key = nn.Linear(HIDDEN, HIDDEN)
        self.value = nn.Linear(HIDDEN, HIDDEN)
        self.attn_out = nn.Linear(HIDDEN, HIDDEN)
        self.attn_norm = nn.LayerNorm(HIDDEN, eps=LN_EPS)
        self.intermediate = nn.Linear(HIDDEN, INTERMEDIATE)
        self.output = nn.Linear(INTERMEDIATE, HIDDEN)
        self.out_norm = nn.LayerNorm(HIDDEN, eps=LN_EPS)

    def forward(self, x, mask):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, HEADS, -1).transpose(1, 2) for p in (self.query, self.key, self.value)
        )
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask[:, None, None, :])
        x = self.attn_norm(x + self.attn_out(y.transpose(1, 2).reshape(b, t, -1)))
        return self.out_norm(x + self.output(F.gelu(self.intermediate(x))))


class Bert(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = Embeddings()
        self.layers = nn.ModuleList(EncoderLayer() for _ in range(LAYERS))
        self.pooler = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, ids, types, mask):
        x = self.embeddings(ids, types)
        for layer in self.layers:
            x = layer(x, mask)
        return x, torch.tanh(self.pooler(x[:, 0]))
