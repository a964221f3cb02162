"""DeBERTa (v1, tiny, no relative attention): the active sizes live in a
``contextvars.ContextVar`` whose default is the base size, so a caller can swap them with
``ACTIVE_SIZES.set(...)`` around construction. Attention uses one fused ``in_proj`` without
bias and separate query/value bias vectors, as the original code does."""

import contextvars
import math
from dataclasses import dataclass

import torch
from torch import nn


@dataclass(frozen=True)
class Sizes:
    vocab: int = 700
    hidden: int = 64
    layers: int = 2
    heads: int = 4
    intermediate: int = 160
    max_positions: int = 512
    eps: float = 1e-7


BASE = Sizes()
ACTIVE_SIZES: contextvars.ContextVar[Sizes] = contextvars.ContextVar("sizes", default=BASE)


class DisentangledSelfAttention(nn.Module):
    def __init__(self, s: Sizes):
        super().__init__()
        self.heads = s.heads
        self.in_proj = nn.Linear(s.hidden, 3 * s.hidden, bias=False)
        self.q_bias = nn.Parameter(torch.zeros(s.hidden))
        self.v_bias = nn.Parameter(torch.zeros(s.hidden))

    def forward(self, x, mask):
        b, n, d = x.shape
        hd = d // self.heads
        q, k, v = self.in_proj(x).view(b, n, self.heads, 3 * hd).transpose(1, 2).chunk(3, -1)
        q = q + self.q_bias.view(self.heads, 1, hd)
        v = v + self.v_bias.view(self.heads, 1, hd)
        s = q @ k.transpose(-1, -2) / math.sqrt(hd)
        s = s.masked_fill(~mask[:, None, None, :], torch.finfo(s.dtype).min)
        return (s.softmax(-1) @ v).transpose(1, 2).reshape(b, n, d)


class Layer(nn.Module):
    def __init__(self, s: Sizes):
        super().__init__()
        self.attn = DisentangledSelfAttention(s)
        self.attn_out = nn.Linear(s.hidden, s.hidden)
        self.attn_norm = nn.LayerNorm(s.hidden, eps=s.eps)
        self.fc1 = nn.Linear(s.hidden, s.intermediate)
        self.fc2 = nn.Linear(s.intermediate, s.hidden)
        self.out_norm = nn.LayerNorm(s.hidden, eps=s.eps)

    def forward(self, x, mask):
        x = self.attn_norm(x + self.attn_out(self.attn(x, mask)))
        return self.out_norm(x + self.fc2(nn.functional.gelu(self.fc1(x))))


class Deberta(nn.Module):
    def __init__(self):
        super().__init__()
        s = ACTIVE_SIZES.get()
        self.word_embeddings = nn.Embedding(s.vocab, s.hidden, padding_idx=0)
        self.position_embeddings = nn.Embedding(s.max_positions, s.hidden)
        self.emb_norm = nn.LayerNorm(s.hidden, eps=s.eps)
        self.layers = nn.ModuleList([Layer(s) for _ in range(s.layers)])

    def forward(self, ids, mask):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.emb_norm(self.word_embeddings(ids) + self.position_embeddings(pos))
        x = x * mask.unsqueeze(-1).to(x.dtype)
        for layer in self.layers:
            x = layer(x, mask)
        return x
