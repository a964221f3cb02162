"""RoBERTa with einops everywhere (Rearrange layers inside nn.Sequential, einsum for the
scores), sizes as members of an IntEnum, positions counted from padding_idx + 1 as fairseq
does, one token type, post-LN, a pooler."""

import enum
import math

import torch
import torch.nn as nn
from einops import einsum, rearrange
from einops.layers.torch import Rearrange


class Size(enum.IntEnum):
    VOCAB = 700
    HIDDEN = 48
    LAYERS = 2
    HEADS = 4
    FFN = 96
    POSITIONS = 130
    PAD = 1


EPS = 1e-5


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        h = Size.HEADS
        self.q = nn.Sequential(nn.Linear(Size.HIDDEN, Size.HIDDEN), Rearrange("b t (h d) -> b h t d", h=h))
        self.k = nn.Sequential(nn.Linear(Size.HIDDEN, Size.HIDDEN), Rearrange("b t (h d) -> b h t d", h=h))
        self.v = nn.Sequential(nn.Linear(Size.HIDDEN, Size.HIDDEN), Rearrange("b t (h d) -> b h t d", h=h))
        self.merge = Rearrange("b h t d -> b t (h d)")
        self.o = nn.Linear(Size.HIDDEN, Size.HIDDEN)
        self.norm = nn.LayerNorm(Size.HIDDEN, eps=EPS)

    def forward(self, x):
        q, k, v = self.q(x), self.k(x), self.v(x)
        s = einsum(q, k, "b h i d, b h j d -> b h i j") / math.sqrt(q.shape[-1])
        y = einsum(s.softmax(-1), v, "b h i j, b h j d -> b h i d")
        return self.norm(x + self.o(self.merge(y)))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = SelfAttention()
        self.ffn = nn.Sequential(nn.Linear(Size.HIDDEN, Size.FFN), nn.GELU(), nn.Linear(Size.FFN, Size.HIDDEN))
        self.norm = nn.LayerNorm(Size.HIDDEN, eps=EPS)

    def forward(self, x):
        x = self.attention(x)
        return self.norm(x + self.ffn(x))


class Roberta(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(Size.VOCAB, Size.HIDDEN, padding_idx=Size.PAD)
        self.position = nn.Embedding(Size.POSITIONS, Size.HIDDEN, padding_idx=Size.PAD)
        self.token_type = nn.Embedding(1, Size.HIDDEN)
        self.emb_norm = nn.LayerNorm(Size.HIDDEN, eps=EPS)
        self.layers = nn.Sequential(*[Layer() for _ in range(Size.LAYERS)])
        self.pooler = nn.Sequential(nn.Linear(Size.HIDDEN, Size.HIDDEN), nn.Tanh())

    def forward(self, ids):
        keep = ids.ne(Size.PAD).int()
        pos = torch.cumsum(keep, dim=1) * keep + Size.PAD
        x = self.word(ids) + self.position(pos) + self.token_type(torch.zeros_like(ids))
        x = self.layers(self.emb_norm(x))
        return x, self.pooler(rearrange(x, "b t d -> t b d")[0])
