"""A BERT encoder for seq2seq warm-starting (Rothe et al. 2020), reimplemented: no token types,
no pooler; post-norm layers with split q/k/v. The sizes are a frozen dataclass instance."""

import math
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass(frozen=True)
class EncoderSizes:
    vocab: int = 50358
    width: int = 1024
    layers: int = 24
    heads: int = 16
    ffn: int = 4096
    max_len: int = 512
    eps: float = 1e-12


SIZES = EncoderSizes(
    vocab=600,
    width=64,
    layers=2,
    heads=4,
    ffn=128,
    max_len=64,
)


class SelfAttention(nn.Module):
    def __init__(self, s: EncoderSizes):
        super().__init__()
        self.h, self.dh = s.heads, s.width // s.heads
        self.q = nn.Linear(s.width, s.width)
        self.k = nn.Linear(s.width, s.width)
        self.v = nn.Linear(s.width, s.width)
        self.o = nn.Linear(s.width, s.width)
        self.norm = nn.LayerNorm(s.width, eps=s.eps)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            f(x).view(b, t, self.h, self.dh).transpose(1, 2) for f in (self.q, self.k, self.v)
        )
        att = torch.softmax(q @ k.transpose(2, 3) / math.sqrt(self.dh), dim=-1)
        ctx = (att @ v).transpose(1, 2).reshape(b, t, -1)
        return self.norm(x + self.o(ctx))


class EncoderLayer(nn.Module):
    def __init__(self, s: EncoderSizes):
        super().__init__()
        self.attention = SelfAttention(s)
        self.up = nn.Linear(s.width, s.ffn)
        self.down = nn.Linear(s.ffn, s.width)
        self.norm = nn.LayerNorm(s.width, eps=s.eps)

    def forward(self, x):
        x = self.attention(x)
        return self.norm(x + self.down(F.gelu(self.up(x))))


class GenerationEncoder(nn.Module):
    def __init__(self, s: EncoderSizes = SIZES):
        super().__init__()
        self.words = nn.Embedding(s.vocab, s.width)
        self.positions = nn.Embedding(s.max_len, s.width)
        self.emb_norm = nn.LayerNorm(s.width, eps=s.eps)
        self.stack = nn.ModuleList([EncoderLayer(s) for _ in range(s.layers)])

    def forward(self, input_ids):
        pos = torch.arange(input_ids.shape[1], device=input_ids.device)
        x = self.emb_norm(self.words(input_ids) + self.positions(pos))
        for layer in self.stack:
            x = layer(x)
        return x
