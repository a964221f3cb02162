"""ELECTRA's discriminator (embeddings narrower than the encoder, projected up): the run's
settings are a shallow ``copy.copy`` of the base object with a few attributes overridden."""

import copy

import torch
from torch import nn


class Settings:
    vocab = 30522
    embedding = 128
    hidden = 256
    layers = 12
    heads = 4
    ffn = 1024
    max_len = 512
    types = 2


BASE = Settings()
RUN = copy.copy(BASE)
RUN.vocab = 384
RUN.embedding = 32
RUN.hidden = 64
RUN.layers = 3
RUN.ffn = 128
RUN.max_len = 128


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        d = RUN.hidden
        self.query, self.key, self.value = (nn.Linear(d, d) for _ in range(3))
        self.attn_dense = nn.Linear(d, d)
        self.attn_norm = nn.LayerNorm(d, eps=1e-12)
        self.intermediate = nn.Linear(d, RUN.ffn)
        self.output = nn.Linear(RUN.ffn, d)
        self.out_norm = nn.LayerNorm(d, eps=1e-12)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            m(x).view(b, t, RUN.heads, -1).transpose(1, 2)
            for m in (self.query, self.key, self.value)
        )
        o = nn.functional.scaled_dot_product_attention(q, k, v)
        x = self.attn_norm(x + self.attn_dense(o.transpose(1, 2).reshape(b, t, d)))
        return self.out_norm(x + self.output(nn.functional.gelu(self.intermediate(x))))


class ElectraDiscriminatorBody(nn.Module):
    def __init__(self):
        super().__init__()
        e = RUN.embedding
        self.word_embeddings = nn.Embedding(RUN.vocab, e, padding_idx=0)
        self.position_embeddings = nn.Embedding(RUN.max_len, e)
        self.token_type_embeddings = nn.Embedding(RUN.types, e)
        self.LayerNorm = nn.LayerNorm(e, eps=1e-12)
        self.embeddings_project = nn.Linear(e, RUN.hidden)
        self.layer = nn.ModuleList(Layer() for _ in range(RUN.layers))

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.LayerNorm(x + self.token_type_embeddings(torch.zeros_like(ids)))
        x = self.embeddings_project(x)
        for layer in self.layer:
            x = layer(x)
        return x
