"""Longformer: RoBERTa-style layers whose attention carries a second, "global" set of q/k/v
projections. The six projections are made in a nested loop over ``("", "_global")`` and
``"qkv"`` and added by name; the local window is per layer."""

import torch
from torch import nn

VOCAB = 400
HIDDEN = 64
HEADS = 4
FFN = 192
WINDOWS = [16, 16]
MAX_POSITIONS = 130
PAD_ID = 1
EPS = 1e-5
_FULL = {"q": "query", "k": "key", "v": "value"}


class SelfAttention(nn.Module):
    def __init__(self, window):
        super().__init__()
        self.window = window
        for suffix in ("", "_global"):
            for letter in "qkv":
                self.add_module(_FULL[letter] + suffix, nn.Linear(HIDDEN, HIDDEN))
        self.dense = nn.Linear(HIDDEN, HIDDEN)
        self.norm = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            getattr(self, n)(x).view(b, t, HEADS, -1).transpose(1, 2)
            for n in ("query", "key", "value")
        )
        i = torch.arange(t)
        band = (i[:, None] - i[None]).abs() <= self.window // 2
        band[:, 0] = band[0, :] = True  # the first token attends globally
        o = nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=band)
        return self.norm(x + self.dense(o.transpose(1, 2).reshape(b, t, HIDDEN)))


class Layer(nn.Module):
    def __init__(self, window):
        super().__init__()
        self.attention = SelfAttention(window)
        self.intermediate = nn.Linear(HIDDEN, FFN)
        self.output = nn.Linear(FFN, HIDDEN)
        self.norm = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x):
        x = self.attention(x)
        return self.norm(x + self.output(nn.functional.gelu(self.intermediate(x))))


class Longformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, HIDDEN, padding_idx=PAD_ID)
        self.position_embeddings = nn.Embedding(MAX_POSITIONS, HIDDEN, padding_idx=PAD_ID)
        self.token_type_embeddings = nn.Embedding(1, HIDDEN)
        self.embed_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.layers = nn.ModuleList(Layer(w) for w in WINDOWS)
        self.pooler = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, ids):
        pos = torch.cumsum(ids.ne(PAD_ID).long(), 1) * ids.ne(PAD_ID) + PAD_ID
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.embed_norm(x + self.token_type_embeddings(torch.zeros_like(ids)))
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
