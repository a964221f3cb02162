"""A tiny BERT with Hugging Face's ``BertConfig`` copied into the model file (its keyword
defaults are BERT-base's, unknown keys kept as attributes), filled by ``from_dict`` from the
checkpoint's ``config.json`` pasted as a dict. Post-LN encoder, word + position + token-type
embeddings, GELU MLP, tanh pooler."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn


class BertConfig:
    model_type = "bert"

    def __init__(
        self,
        vocab_size=30522,
        hidden_size=768,
        num_hidden_layers=12,
        num_attention_heads=12,
        intermediate_size=3072,
        hidden_act="gelu",
        max_position_embeddings=512,
        type_vocab_size=2,
        layer_norm_eps=1e-12,
        pad_token_id=0,
        **kwargs,
    ):
        self.vocab_size = vocab_size
        self.hidden_size = hidden_size
        self.num_hidden_layers = num_hidden_layers
        self.num_attention_heads = num_attention_heads
        self.intermediate_size = intermediate_size
        self.hidden_act = hidden_act
        self.max_position_embeddings = max_position_embeddings
        self.type_vocab_size = type_vocab_size
        self.layer_norm_eps = layer_norm_eps
        self.pad_token_id = pad_token_id
        for key, value in kwargs.items():
            setattr(self, key, value)

    @classmethod
    def from_dict(cls, config_dict: dict) -> BertConfig:
        return cls(**config_dict)


CONFIG = {
    "architectures": ["BertModel"],
    "hidden_act": "gelu",
    "vocab_size": 96,
    "hidden_size": 64,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "intermediate_size": 128,
    "max_position_embeddings": 64,
    "type_vocab_size": 3,
    "layer_norm_eps": 1e-12,
}
config = BertConfig.from_dict(CONFIG)
C = dict(
    vocab=config.vocab_size,
    width=config.hidden_size,
    layers=config.num_hidden_layers,
    heads=config.num_attention_heads,
    ffn=config.intermediate_size,
    pos=config.max_position_embeddings,
    types=config.type_vocab_size,
)
EPS = config.layer_norm_eps


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
