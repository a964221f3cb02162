"""BioGPT: a ``@dataclass(frozen=True)`` config, token embeddings scaled by sqrt(d_model),
learned positions stored with the fairseq offset of 2 extra rows, pre-norm blocks with biased
projections, and an ``output_projection`` that reads the embedding matrix."""

import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(frozen=True)
class BioGptArgs:
    vocab: int = 1200
    d_model: int = 64
    ffn: int = 256
    layers: int = 3
    heads: int = 4
    max_len: int = 128
    eps: float = 1e-5
    scale_embedding: bool = True


ARGS = BioGptArgs()
OFFSET = 2  # fairseq reserves two position rows


class MultiheadAttention(nn.Module):
    def __init__(self, a: BioGptArgs):
        super().__init__()
        self.h = a.heads
        self.k_proj = nn.Linear(a.d_model, a.d_model)
        self.v_proj = nn.Linear(a.d_model, a.d_model)
        self.q_proj = nn.Linear(a.d_model, a.d_model)
        self.out_proj = nn.Linear(a.d_model, a.d_model)

    def forward(self, x):
        b, t, d = x.shape
        split = lambda y: y.view(b, t, self.h, d // self.h).transpose(1, 2)  # noqa: E731
        q, k, v = split(self.q_proj(x)), split(self.k_proj(x)), split(self.v_proj(x))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class DecoderLayer(nn.Module):
    def __init__(self, a: BioGptArgs):
        super().__init__()
        self.self_attn_layer_norm = nn.LayerNorm(a.d_model, eps=a.eps)
        self.self_attn = MultiheadAttention(a)
        self.final_layer_norm = nn.LayerNorm(a.d_model, eps=a.eps)
        self.fc1 = nn.Linear(a.d_model, a.ffn)
        self.fc2 = nn.Linear(a.ffn, a.d_model)

    def forward(self, x):
        x = x + self.self_attn(self.self_attn_layer_norm(x))
        return x + self.fc2(F.gelu(self.fc1(self.final_layer_norm(x))))


class BioGpt(nn.Module):
    def __init__(self, a: BioGptArgs = ARGS):
        super().__init__()
        self.a = a
        self.embed_tokens = nn.Embedding(a.vocab, a.d_model)
        self.embed_positions = nn.Embedding(a.max_len + OFFSET, a.d_model)
        self.layers = nn.ModuleList([DecoderLayer(a) for _ in range(a.layers)])
        self.layer_norm = nn.LayerNorm(a.d_model, eps=a.eps)

    def forward(self, ids):
        scale = math.sqrt(self.a.d_model) if self.a.scale_embedding else 1.0
        pos = torch.arange(ids.shape[1]) + OFFSET
        x = self.embed_tokens(ids) * scale + self.embed_positions(pos)
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.layer_norm(x), self.embed_tokens.weight)
