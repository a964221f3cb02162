"""BERT assembled from a generator that yields ``(name, module)`` pairs, added in order with
``add_module``; the encoder's layer count is how many layer pairs it yields."""

import torch
from torch import nn

VOCAB, TYPES, POSITIONS = 320, 2, 128
HIDDEN, HEADS, INTERMEDIATE, LAYERS = 64, 4, 192, 2
EPS = 1e-12


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Linear(HIDDEN, HIDDEN)
        self.key = nn.Linear(HIDDEN, HIDDEN)
        self.value = nn.Linear(HIDDEN, HIDDEN)
        self.attn_out = nn.Linear(HIDDEN, HIDDEN)
        self.attn_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.intermediate = nn.Linear(HIDDEN, INTERMEDIATE)
        self.output = nn.Linear(INTERMEDIATE, HIDDEN)
        self.out_norm = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x, bias):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, HEADS, -1).transpose(1, 2) for p in (self.query, self.key, self.value)
        )
        o = nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=bias)
        x = self.attn_norm(x + self.attn_out(o.transpose(1, 2).reshape(b, t, HIDDEN)))
        return self.out_norm(x + self.output(nn.functional.gelu(self.intermediate(x))))


def parts():
    yield "word_embeddings", nn.Embedding(VOCAB, HIDDEN, padding_idx=0)
    yield "position_embeddings", nn.Embedding(POSITIONS, HIDDEN)
    yield "token_type_embeddings", nn.Embedding(TYPES, HIDDEN)
    yield "embed_norm", nn.LayerNorm(HIDDEN, eps=EPS)
    for i in range(LAYERS):
        yield f"layer_{i}", Layer()
    yield "pooler", nn.Linear(HIDDEN, HIDDEN)


class Bert(nn.Module):
    def __init__(self):
        super().__init__()
        for name, module in parts():
            self.add_module(name, module)

    def forward(self, ids, types, mask):
        pos = torch.arange(ids.shape[1])
        x = (
            self.word_embeddings(ids)
            + self.position_embeddings(pos)
            + self.token_type_embeddings(types)
        )
        x = self.embed_norm(x)
        bias = mask[:, None, None, :]
        for name, module in self.named_children():
            if name.startswith("layer_"):
                x = module(x, bias)
        return x, torch.tanh(self.pooler(x[:, 0]))
