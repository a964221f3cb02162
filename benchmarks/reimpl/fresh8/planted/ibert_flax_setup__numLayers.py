"""An integer-friendly RoBERTa (I-BERT) run in float mode, ported from a Flax codebase: every
module declares its fields as class attributes and builds its children in ``setup()``, which
``__init__`` calls once, keeping the JAX naming (``features``, ``dtype``-free)."""

import torch
import torch.nn as nn


class FlaxLike(nn.Module):
    def __init__(self, **fields):
        super().__init__()
        for k, v in fields.items():
            setattr(self, k, v)
        self.setup()

    def setup(self):
        raise NotImplementedError


class Dense(FlaxLike):
    features: int
    in_features: int

    def setup(self):
        self.kernel = nn.Parameter(torch.randn(self.in_features, self.features) * 0.02)
        self.bias = nn.Parameter(torch.zeros(self.features))

    def forward(self, x):
        return x @ self.kernel + self.bias


class SelfAttention(FlaxLike):
    num_heads: int
    hidden: int

    def setup(self):
        self.query = Dense(features=self.hidden, in_features=self.hidden)
        self.key = Dense(features=self.hidden, in_features=self.hidden)
        self.value = Dense(features=self.hidden, in_features=self.hidden)
        self.out = Dense(features=self.hidden, in_features=self.hidden)
        self.norm = nn.LayerNorm(self.hidden, eps=1e-5)

    def forward(self, x, bias):
        b, t, d = x.shape
        h = self.num_heads
        q, k, v = (
            f(x).view(b, t, h, d // h).transpose(1, 2) for f in (self.query, self.key, self.value)
        )
        att = (q @ k.transpose(-1, -2) * (d // h) ** -0.5 + bias).softmax(-1)
        return self.norm(x + self.out((att @ v).transpose(1, 2).reshape(b, t, d)))


class EncoderLayer(FlaxLike):
    num_heads: int
    hidden: int
    intermediate: int

    def setup(self):
        self.attention = SelfAttention(num_heads=self.num_heads, hidden=self.hidden)
        self.intermediate_dense = Dense(features=self.intermediate, in_features=self.hidden)
        self.output_dense = Dense(features=self.hidden, in_features=self.intermediate)
        self.output_norm = nn.LayerNorm(self.hidden, eps=1e-5)

    def forward(self, x, bias):
        x = self.attention(x, bias)
        h = self.output_dense(torch.nn.functional.gelu(self.intermediate_dense(x)))
        return self.output_norm(x + h)


class IBertModule(FlaxLike):
    vocab_size: int = 700
    hidden: int = 64
    layers: int = 3
    num_heads: int = 4
    intermediate: int = 256
    max_positions: int = 130
    type_vocab: int = 1

    def __init__(self, **fields):
        super().__init__(**fields)

    def setup(self):
        self.word_embeddings = nn.Embedding(self.vocab_size, self.hidden, padding_idx=1)
        self.position_embeddings = nn.Embedding(self.max_positions, self.hidden, padding_idx=1)
        self.token_type_embeddings = nn.Embedding(self.type_vocab, self.hidden)
        self.embed_norm = nn.LayerNorm(self.hidden, eps=1e-5)
        self.encoder = nn.ModuleList(
            EncoderLayer(
                num_heads=self.num_heads, hidden=self.hidden, intermediate=self.intermediate
            )
            for _ in range(self.layers)
        )
        self.pooler = Dense(features=self.hidden, in_features=self.hidden)

    def forward(self, ids, mask):
        pos = (torch.cumsum(mask.long(), 1) * mask.long()) + 1
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.embed_norm(x + self.token_type_embeddings(torch.zeros_like(ids)))
        bias = (~mask[:, None, None, :]).float() * -1e9
        for layer in self.encoder:
            x = layer(x, bias)
        return x, torch.tanh(self.pooler(x[:, 0]))
