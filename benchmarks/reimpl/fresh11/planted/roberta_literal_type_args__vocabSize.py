"""RoBERTa: each size is the argument of a `typing.Literal` alias, read back with `get_args`."""

from typing import Literal, get_args

import torch
import torch.nn.functional as F
from torch import nn

Vocab = Literal[384]
Width = Literal[64]
Depth = Literal[2]
Heads = Literal[4]
Ffn = Literal[128]
Positions = Literal[66]
V, D, L, H, F_DIM, P = (get_args(t)[0] for t in (Vocab, Width, Depth, Heads, Ffn, Positions))
TYPES, PAD, EPS = 1, 1, 1e-5


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.query, self.key, self.value = nn.Linear(D, D), nn.Linear(D, D), nn.Linear(D, D)

    def forward(self, x, bias):
        b, t, _ = x.shape
        q, k, v = (
            m(x).view(b, t, H, D // H).transpose(1, 2) for m in (self.query, self.key, self.value)
        )
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=bias)
        return y.transpose(1, 2).reshape(b, t, D)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = SelfAttention()
        self.attention_out = nn.Linear(D, D)
        self.attention_norm = nn.LayerNorm(D, eps=EPS)
        self.intermediate = nn.Linear(D, F_DIM)
        self.output = nn.Linear(F_DIM, D)
        self.output_norm = nn.LayerNorm(D, eps=EPS)

    def forward(self, x, bias):
        x = self.attention_norm(x + self.attention_out(self.attention(x, bias)))
        return self.output_norm(x + self.output(F.gelu(self.intermediate(x))))


class RobertaEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(V, D, padding_idx=PAD)
        self.position_embeddings = nn.Embedding(P, D)
        self.token_type_embeddings = nn.Embedding(TYPES, D)
        self.embeddings_norm = nn.LayerNorm(D, eps=EPS)
        self.blocks = nn.ModuleList([Block() for _ in range(L)])
        self.pooler = nn.Linear(D, D)

    def forward(self, ids, types, mask):
        pos = torch.arange(PAD + 1, ids.shape[1] + PAD + 1, device=ids.device)
        x = self.word_embeddings(ids) + self.token_type_embeddings(types)
        x = self.embeddings_norm(x + self.position_embeddings(pos))
        bias = torch.zeros(mask.shape, dtype=x.dtype).masked_fill(~mask, -1e9)[:, None, None]
        for block in self.blocks:
            x = block(x, bias)
        return x, torch.tanh(self.pooler(x[:, 0]))
