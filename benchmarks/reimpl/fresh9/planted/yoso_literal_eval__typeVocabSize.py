"""YOSO (tiny) whose hyper-parameters are a Python dict literal kept as a string (as copied
from a training log) and read with ``ast.literal_eval``. Positions start after two reserved
rows, as in the original code; the LSH attention is replaced here by its expectation (plain
softmax attention over normalised queries and keys), which has the same weights."""

import ast
import math

import torch
import torch.nn.functional as F
from torch import nn

HPARAMS = ast.literal_eval(
    """{
    'vocab_size': 600,
    'hidden_size': 64,
    'num_hidden_layers': 2,
    'num_attention_heads': 4,
    'intermediate_size': 128,
    'max_position_embeddings': 254,
    'type_vocab_size': 2,
    'layer_norm_eps': 1e-12,
}"""
)


class YosoAttention(nn.Module):
    def __init__(self, h):
        super().__init__()
        d = h["hidden_size"]
        self.n = h["num_attention_heads"]
        self.query = nn.Linear(d, d)
        self.key = nn.Linear(d, d)
        self.value = nn.Linear(d, d)
        self.dense = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d, eps=h["layer_norm_eps"])

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            f(x).view(b, t, self.n, d // self.n).transpose(1, 2)
            for f in (self.query, self.key, self.value)
        )
        q, k = F.normalize(q, dim=-1), F.normalize(k, dim=-1)
        a = (q @ k.transpose(-1, -2) * math.sqrt(d // self.n)).softmax(-1) @ v
        return self.norm(x + self.dense(a.transpose(1, 2).reshape(b, t, d)))


class YosoLayer(nn.Module):
    def __init__(self, h):
        super().__init__()
        d, f = h["hidden_size"], h["intermediate_size"]
        self.attention = YosoAttention(h)
        self.intermediate = nn.Linear(d, f)
        self.output = nn.Linear(f, d)
        self.output_norm = nn.LayerNorm(d, eps=h["layer_norm_eps"])

    def forward(self, x):
        x = self.attention(x)
        return self.output_norm(x + self.output(F.gelu(self.intermediate(x))))


class Yoso(nn.Module):
    def __init__(self, h=HPARAMS):
        super().__init__()
        d = h["hidden_size"]
        self.word = nn.Embedding(h["vocab_size"], d)
        self.position = nn.Embedding(h["max_position_embeddings"] + 2, d)
        self.token_type = nn.Embedding(h["type_vocab_size"], d)
        self.emb_norm = nn.LayerNorm(d, eps=h["layer_norm_eps"])
        self.layers = nn.ModuleList(YosoLayer(h) for _ in range(h["num_hidden_layers"]))

    def forward(self, ids, types=None, mask=None):
        pos = torch.arange(ids.shape[1], device=ids.device) + 2
        types = torch.zeros_like(ids) if types is None else types
        x = self.emb_norm(self.word(ids) + self.position(pos) + self.token_type(types))
        for layer in self.layers:
            x = layer(x)
        return x
