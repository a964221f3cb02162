"""BertGeneration encoder (BERT without token types or pooler, used as a seq2seq encoder), its
layer stack described as a list of tagged tuples and built with a ``match`` statement."""

import math

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, HIDDEN, MAX_POS, EPS = 800, 64, 128, 1e-12
HEADS = 4
FFN = 192
LAYERS = 2
STACK = [("attention", HEADS), ("feedforward", FFN)] * LAYERS


class SelfAttention(nn.Module):
    def __init__(self, heads):
        super().__init__()
        self.heads = heads
        self.query = nn.Linear(HIDDEN, HIDDEN)
        self.key = nn.Linear(HIDDEN, HIDDEN)
        self.value = nn.Linear(HIDDEN, HIDDEN)
        self.dense = nn.Linear(HIDDEN, HIDDEN)
        self.norm = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x):
        b, n, _ = x.shape
        hd = HIDDEN // self.heads
        q, k, v = (
            lin(x).view(b, n, self.heads, hd).transpose(1, 2)
            for lin in (self.query, self.key, self.value)
        )
        a = torch.softmax(q @ k.transpose(2, 3) / math.sqrt(hd), -1) @ v
        return self.norm(x + self.dense(a.transpose(1, 2).reshape(b, n, HIDDEN)))


class FeedForward(nn.Module):
    def __init__(self, size):
        super().__init__()
        self.up = nn.Linear(HIDDEN, size)
        self.down = nn.Linear(size, HIDDEN)
        self.norm = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x):
        return self.norm(x + self.down(F.gelu(self.up(x))))


def build(spec):
    match spec:
        case ("attention", int(heads)):
            return SelfAttention(heads)
        case ("feedforward", int(size)):
            return FeedForward(size)
        case _:
            raise ValueError(f"unknown layer {spec!r}")


class BertGenerationEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, HIDDEN, padding_idx=0)
        self.position_embeddings = nn.Embedding(MAX_POS, HIDDEN)
        self.embed_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.stack = nn.Sequential(*map(build, STACK))

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])[None]
        x = self.embed_norm(self.word_embeddings(ids) + self.position_embeddings(pos))
        return self.stack(x)
