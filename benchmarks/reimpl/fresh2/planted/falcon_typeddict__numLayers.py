"""Falcon-7B style (multi-query, parallel attention and MLP off one layer norm, no biases):
hyperparameters in a TypedDict, attention by SDPA where the head counts and the fused width
are properties of the attention module, the head tied to the word embeddings."""

from typing import TypedDict

import torch
import torch.nn as nn
import torch.nn.functional as F


class FalconHParams(TypedDict):
    vocab: int
    d_model: int
    n_layer: int
    n_head: int
    n_kv: int
    ffn: int
    eps: float
    theta: float
    ctx: int


HPARAMS: FalconHParams = {
    "vocab": 700,
    "d_model": 64,
    "n_layer": 3,
    "n_head": 8,
    "n_kv": 1,
    "ffn": 256,
    "eps": 1e-5,
    "theta": 10000.0,
    "ctx": 256,
}


class MultiQueryAttention(nn.Module):
    def __init__(self, hp: FalconHParams):
        super().__init__()
        self.hp = hp
        self.query_key_value = nn.Linear(hp["d_model"], self.fused_width, bias=False)
        self.dense = nn.Linear(hp["d_model"], hp["d_model"], bias=False)
        inv = 1.0 / hp["theta"] ** (torch.arange(0, self.head_dim, 2).float() / self.head_dim)
        f = torch.outer(torch.arange(hp["ctx"]).float(), inv)
        f = torch.cat([f, f], -1)
        self.register_buffer("cos", f.cos(), persistent=False)
        self.register_buffer("sin", f.sin(), persistent=False)

    @property
    def n_q(self) -> int:
        return self.hp["n_head"]

    @property
    def n_kv(self) -> int:
        return self.hp["n_kv"]

    @property
    def head_dim(self) -> int:
        return self.hp["d_model"] // self.hp["n_head"]

    @property
    def fused_width(self) -> int:
        return (self.n_q + 2 * self.n_kv) * self.head_dim

    def forward(self, x):
        b, t, _ = x.shape
        qkv = self.query_key_value(x).view(b, t, self.n_q + 2 * self.n_kv, self.head_dim)
        q, k, v = qkv.split([self.n_q, self.n_kv, self.n_kv], dim=2)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        h = self.head_dim // 2
        cos, sin = self.cos[:t], self.sin[:t]
        q = q * cos + torch.cat([-q[..., h:], q[..., :h]], -1) * sin
        k = k * cos + torch.cat([-k[..., h:], k[..., :h]], -1) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, -1))


class FalconMLP(nn.Module):
    def __init__(self, hp: FalconHParams):
        super().__init__()
        self.dense_h_to_4h = nn.Linear(hp["d_model"], hp["ffn"], bias=False)
        self.dense_4h_to_h = nn.Linear(hp["ffn"], hp["d_model"], bias=False)

    def forward(self, x):
        return self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(x)))


class FalconBlock(nn.Module):
    def __init__(self, hp: FalconHParams):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(hp["d_model"], eps=hp["eps"])
        self.self_attention = MultiQueryAttention(hp)
        self.mlp = FalconMLP(hp)

    def forward(self, x):
        h = self.input_layernorm(x)
        return x + self.self_attention(h) + self.mlp(h)


class Falcon(nn.Module):
    def __init__(self, hp: FalconHParams = HPARAMS):
        super().__init__()
        self.word_embeddings = nn.Embedding(hp["vocab"], hp["d_model"])
        self.h = nn.ModuleList(FalconBlock(hp) for _ in range(hp["n_layer"]))
        self.ln_f = nn.LayerNorm(hp["d_model"], eps=hp["eps"])

    def forward(self, ids):
        x = self.word_embeddings(ids)
        for blk in self.h:
            x = blk(x)
        return F.linear(self.ln_f(x), self.word_embeddings.weight)
