"""RemBERT encoder: a narrow input embedding projected up to the transformer width.

Integer sizes live in an ``IntEnum`` (one place to change them); the epsilon is a constant.
"""

import math
from enum import IntEnum

import torch
import torch.nn as nn
import torch.nn.functional as F


class Dims(IntEnum):
    VOCAB = 500
    EMBED = 32
    HIDDEN = 64
    LAYERS = 2
    HEADS = 4
    FFN = 128
    POSITIONS = 128
    SEGMENTS = 2


LN_EPS = 1e-12


class Embeddings(nn.Module):
    def __init__(self):
        super().__init__()
        self.token = nn.Embedding(Dims.VOCAB, Dims.EMBED)
        self.position = nn.Embedding(Dims.POSITIONS, Dims.EMBED)
        self.segment = nn.Embedding(Dims.SEGMENTS, Dims.EMBED)
        self.norm = nn.LayerNorm(Dims.EMBED, eps=LN_EPS)
        self.up = nn.Linear(Dims.EMBED, Dims.HIDDEN)

    def forward(self, ids, segments):
        pos = torch.arange(ids.size(1), device=ids.device).unsqueeze(0)
        e = self.token(ids) + self.position(pos) + self.segment(segments)
        return self.up(self.norm(e))


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.ModuleDict({n: nn.Linear(Dims.HIDDEN, Dims.HIDDEN) for n in "qkv"})
        self.attn_out = nn.Linear(Dims.HIDDEN, Dims.HIDDEN)
        self.attn_norm = nn.LayerNorm(Dims.HIDDEN, eps=LN_EPS)
        self.ffn_in = nn.Linear(Dims.HIDDEN, Dims.FFN)
        self.ffn_out = nn.Linear(Dims.FFN, Dims.HIDDEN)
        self.ffn_norm = nn.LayerNorm(Dims.HIDDEN, eps=LN_EPS)

    def heads(self, x):
        b, t, _ = x.shape
        return x.view(b, t, int(Dims.HEADS), -1).permute(0, 2, 1, 3)

    def forward(self, x, bias):
        q, k, v = (self.heads(self.qkv[n](x)) for n in "qkv")
        w = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1]) + bias, dim=-1)
        ctx = (w @ v).permute(0, 2, 1, 3).flatten(2)
        x = self.attn_norm(x + self.attn_out(ctx))
        return self.ffn_norm(x + self.ffn_out(F.gelu(self.ffn_in(x))))


class RemBert(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = Embeddings()
        self.encoder = nn.ModuleList(EncoderLayer() for _ in range(Dims.LAYERS))
        self.pooler = nn.Linear(Dims.HIDDEN, Dims.HIDDEN)

    def forward(self, ids, segments=None, mask=None):
        segments = torch.zeros_like(ids) if segments is None else segments
        mask = torch.ones_like(ids) if mask is None else mask.long()
        x = self.embeddings(ids, segments)
        bias = (1.0 - mask[:, None, None, :].to(x.dtype)) * torch.finfo(x.dtype).min
        for layer in self.encoder:
            x = layer(x, bias)
        return x, torch.tanh(self.pooler(x[:, 0]))
