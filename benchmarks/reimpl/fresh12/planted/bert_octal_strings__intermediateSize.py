"""A BERT encoder with a pooler; sizes kept as octal strings (our legacy config tool wrote them)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB = int("500", 8)
WIDTH = int("100", 8)
LAYERS = int("2", 8)
HEADS = int("4", 8)
FFN = int("300", 8)
POSITIONS = int("100", 8)
TYPES = int("2", 8)
EPS = 1e-12


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Linear(WIDTH, WIDTH)
        self.key = nn.Linear(WIDTH, WIDTH)
        self.value = nn.Linear(WIDTH, WIDTH)
        self.attn_out = nn.Linear(WIDTH, WIDTH)
        self.attn_norm = nn.LayerNorm(WIDTH, eps=EPS)
        self.ffn_in = nn.Linear(WIDTH, FFN)
        self.ffn_out = nn.Linear(FFN, WIDTH)
        self.ffn_norm = nn.LayerNorm(WIDTH, eps=EPS)

    def forward(self, x, mask):
        b, t, _ = x.shape

        def heads(y):
            return y.view(b, t, HEADS, -1).transpose(1, 2)

        a = F.scaled_dot_product_attention(
            heads(self.query(x)),
            heads(self.key(x)),
            heads(self.value(x)),
            attn_mask=mask[:, None, None],
        )
        x = self.attn_norm(x + self.attn_out(a.transpose(1, 2).reshape(b, t, WIDTH)))
        return self.ffn_norm(x + self.ffn_out(F.gelu(self.ffn_in(x))))


class Bert(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(VOCAB, WIDTH, padding_idx=0)
        self.positions = nn.Embedding(POSITIONS, WIDTH)
        self.segments = nn.Embedding(TYPES, WIDTH)
        self.emb_norm = nn.LayerNorm(WIDTH, eps=EPS)
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.pool = nn.Linear(WIDTH, WIDTH)

    def forward(self, ids, types, mask):
        pos = torch.arange(ids.shape[1])
        x = self.emb_norm(self.tokens(ids) + self.positions(pos) + self.segments(types))
        for layer in self.layers:
            x = layer(x, mask)
        return x, torch.tanh(self.pool(x[:, 0]))
