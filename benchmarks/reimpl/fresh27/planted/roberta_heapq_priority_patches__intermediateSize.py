"""A tiny RoBERTa whose sizes are ``(priority, key, value)`` patches applied in priority order
through a ``heapq`` heap: the run's patches (priority 2) are written first, RoBERTa-base's preset
(priority 0) after them, and the patch popped last wins. Post-LN encoder, positions starting
after the padding index (``2 ..``), one token type, GELU MLP, tanh pooler."""

from __future__ import annotations

import heapq

import torch
import torch.nn.functional as F
from torch import nn

PATCHES = [
    (2, "vocab", 96),
    (2, "width", 64),
    (2, "layers", 2),
    (2, "heads", 4),
    (2, "ffn", 192),
    (2, "pos", 66),
    (2, "types", 1),
    (2, "eps", 1e-05),
    (0, "vocab", 50265),
    (0, "width", 768),
    (0, "layers", 12),
    (0, "heads", 12),
    (0, "ffn", 3072),
    (0, "pos", 514),
    (0, "types", 1),
    (0, "eps", 1e-05),
]
_heap = list(PATCHES)
heapq.heapify(_heap)
C: dict = {}
while _heap:
    _priority, _key, _value = heapq.heappop(_heap)
    C[_key] = _value
EPS = C.pop("eps")


class Embeddings(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.word_embeddings = nn.Embedding(C["vocab"], C["width"])
        self.position_embeddings = nn.Embedding(C["pos"], C["width"])
        self.token_type_embeddings = nn.Embedding(C["types"], C["width"])
        self.LayerNorm = nn.LayerNorm(C["width"], eps=EPS)

    def forward(self, ids, types):
        pos = torch.arange(ids.shape[1]) + 2  # after the padding index (1)
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        return self.LayerNorm(x + self.token_type_embeddings(types))


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        w = C["width"]
        self.query = nn.Linear(w, w)
        self.key = nn.Linear(w, w)
        self.value = nn.Linear(w, w)
        self.attn_out = nn.Linear(w, w)
        self.attn_norm = nn.LayerNorm(w, eps=EPS)
        self.intermediate = nn.Linear(w, C["ffn"])
        self.output = nn.Linear(C["ffn"], w)
        self.out_norm = nn.LayerNorm(w, eps=EPS)

    def forward(self, x, bias):
        b, t, w = x.shape
        nh = C["heads"]

        def split(z):
            return z.view(b, t, nh, w // nh).transpose(1, 2)

        q, k, v = split(self.query(x)), split(self.key(x)), split(self.value(x))
        a = F.scaled_dot_product_attention(q, k, v, attn_mask=bias)
        x = self.attn_norm(x + self.attn_out(a.transpose(1, 2).reshape(b, t, w)))
        return self.out_norm(x + self.output(F.gelu(self.intermediate(x))))


class BertByPattern(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embeddings = Embeddings()
        self.layers = nn.ModuleList(Layer() for _ in range(C["layers"]))
        self.pooler = nn.Linear(C["width"], C["width"])

    def forward(self, ids, types, mask):
        bias = torch.zeros(mask.shape, dtype=torch.float).masked_fill(~mask.bool(), -1e9)
        bias = bias[:, None, None, :]
        x = self.embeddings(ids, types)
        for layer in self.layers:
            x = layer(x, bias)
        return x, torch.tanh(self.pooler(x[:, 0]))
