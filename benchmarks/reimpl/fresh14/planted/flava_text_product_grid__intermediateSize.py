"""FLAVA's text encoder (pre-norm ViT-style layers over BERT embeddings, a final LayerNorm and
a pooler): the run is one point of our sweep grid, ``itertools.product`` of widths, depths and
MLP ratios, picked by index."""

import itertools

import torch
from torch import nn

GRID = list(itertools.product((64, 96), (2, 3), (2, 3)))
WIDTH, DEPTH, RATIO = GRID[1]
HEADS = WIDTH // 16
VOCAB, MAX_LEN, TYPES = 384, 128, 2


class FlavaLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layernorm_before = nn.LayerNorm(WIDTH, eps=1e-12)
        self.query, self.key, self.value = (nn.Linear(WIDTH, WIDTH) for _ in "qkv")
        self.attn_out = nn.Linear(WIDTH, WIDTH)
        self.layernorm_after = nn.LayerNorm(WIDTH, eps=1e-12)
        self.intermediate = nn.Linear(WIDTH, RATIO * WIDTH)
        self.output = nn.Linear(RATIO * WIDTH, WIDTH)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.layernorm_before(x)
        q, k, v = (
            m(h).view(b, t, HEADS, -1).transpose(1, 2) for m in (self.query, self.key, self.value)
        )
        o = nn.functional.scaled_dot_product_attention(q, k, v)
        x = x + self.attn_out(o.transpose(1, 2).reshape(b, t, -1))
        return x + self.output(nn.functional.gelu(self.intermediate(self.layernorm_after(x))))


class FlavaText(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, WIDTH)
        self.position_embeddings = nn.Embedding(MAX_LEN, WIDTH)
        self.token_type_embeddings = nn.Embedding(TYPES, WIDTH)
        self.emb_norm = nn.LayerNorm(WIDTH, eps=1e-12)
        self.layers = nn.ModuleList(FlavaLayer() for _ in range(DEPTH))
        self.layernorm = nn.LayerNorm(WIDTH, eps=1e-12)
        self.pooler = nn.Linear(WIDTH, WIDTH)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])
        x = (
            self.word_embeddings(ids)
            + self.position_embeddings(pos)
            + self.token_type_embeddings(torch.zeros_like(ids))
        )
        x = self.emb_norm(x)
        for layer in self.layers:
            x = layer(x)
        x = self.layernorm(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
