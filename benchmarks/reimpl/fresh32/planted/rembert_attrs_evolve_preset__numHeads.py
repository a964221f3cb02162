"""RemBERT, sized by evolving the paper's model: an ``attrs`` class holds the published RemBERT
sizes as defaults, and the run's model is ``attrs.evolve`` of that preset with the tiny sizes
(the widths of the decoupled input embedding and of the FFN are ratios of the hidden size, as in
the paper's table)."""

import math
from fractions import Fraction

import attrs
import torch
import torch.nn.functional as F
from torch import nn


@attrs.frozen
class RemBertSizes:
    hidden: int = 1152
    input_ratio: Fraction = Fraction(1, 4)
    ffn_ratio: Fraction = Fraction(4)
    heads: int = 18
    layers: int = 32
    vocab: int = 250300
    max_positions: int = 512
    types: int = 2
    eps: float = 1e-12


PAPER = RemBertSizes()
RUN = attrs.evolve(
    PAPER,
    hidden=64,
    input_ratio=Fraction(1, 2),
    ffn_ratio=Fraction(5, 2),
    heads=8,
    layers=2,
    vocab=900,
    max_positions=128,
)

HIDDEN = RUN.hidden
INPUT_EMB = int(HIDDEN * RUN.input_ratio)
FFN = int(HIDDEN * RUN.ffn_ratio)
HEADS = RUN.heads
LAYERS = RUN.layers
VOCAB = RUN.vocab
MAX_POS = RUN.max_positions
TYPES = RUN.types
EPS = RUN.eps


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Linear(HIDDEN, HIDDEN)
        self.key = nn.Linear(HIDDEN, HIDDEN)
        self.value = nn.Linear(HIDDEN, HIDDEN)
        self.dense = nn.Linear(HIDDEN, HIDDEN)
        self.LayerNorm = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x):
        b, n, _ = x.shape
        hd = HIDDEN // HEADS
        q = self.query(x).view(b, n, HEADS, hd).permute(0, 2, 1, 3)
        k = self.key(x).view(b, n, HEADS, hd).permute(0, 2, 3, 1)
        v = self.value(x).view(b, n, HEADS, hd).permute(0, 2, 1, 3)
        ctx = torch.softmax(q @ k / math.sqrt(hd), -1) @ v
        return self.LayerNorm(x + self.dense(ctx.permute(0, 2, 1, 3).reshape(b, n, HIDDEN)))


class FeedForward(nn.Module):
    def __init__(self):
        super().__init__()
        self.intermediate = nn.Linear(HIDDEN, FFN)
        self.output = nn.Linear(FFN, HIDDEN)
        self.LayerNorm = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x):
        return self.LayerNorm(x + self.output(F.gelu(self.intermediate(x))))


class RemBert(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, INPUT_EMB, padding_idx=0)
        self.position_embeddings = nn.Embedding(MAX_POS, INPUT_EMB)
        self.token_type_embeddings = nn.Embedding(TYPES, INPUT_EMB)
        self.embedding_norm = nn.LayerNorm(INPUT_EMB, eps=EPS)
        self.embedding_hidden_mapping_in = nn.Linear(INPUT_EMB, HIDDEN)
        self.attention = nn.ModuleList(Attention() for _ in range(LAYERS))
        self.ffn = nn.ModuleList(FeedForward() for _ in range(LAYERS))
        self.pooler = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])[None]
        e = self.word_embeddings(ids) + self.position_embeddings(pos)
        e = e + self.token_type_embeddings(torch.zeros_like(ids))
        x = self.embedding_hidden_mapping_in(self.embedding_norm(e))
        for attn, ffn in zip(self.attention, self.ffn):
            x = ffn(attn(x))
        return x, torch.tanh(self.pooler(x[:, 0]))
