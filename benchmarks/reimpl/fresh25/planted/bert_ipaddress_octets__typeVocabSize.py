"""A tiny BERT whose integer sizes are the octets of two IPv4 addresses (a cluster job's
"address" fields reused as a compact size record), read with ``ipaddress.ip_address(...).packed``.
Post-LayerNorm encoder, exact GELU, word + position + token-type embeddings, additive padding
mask, tanh pooler over the first token."""

from __future__ import annotations

import ipaddress

import torch
import torch.nn.functional as F
from torch import nn

MODEL_ADDR = ipaddress.ip_address("96.64.2.4")  # vocab.width.layers.heads
EXTRA_ADDR = ipaddress.ip_address("128.64.3.0")  # ffn.positions.types.(unused)
EPS = 1e-12
_vocab, _width, _layers, _heads = MODEL_ADDR.packed
_ffn, _pos, _types, _ = EXTRA_ADDR.packed
C = dict(vocab=_vocab, width=_width, layers=_layers, heads=_heads, ffn=_ffn, pos=_pos, types=_types)


class Embeddings(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.word_embeddings = nn.Embedding(C["vocab"], C["width"])
        self.position_embeddings = nn.Embedding(C["pos"], C["width"])
        self.token_type_embeddings = nn.Embedding(C["types"], C["width"])
        self.LayerNorm = nn.LayerNorm(C["width"], eps=EPS)

    def forward(self, ids, types):
        pos = torch.arange(ids.shape[1])
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
