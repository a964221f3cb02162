"""Falcon port (new decoder architecture: grouped fused q|k|v, parallel attention and MLP):
the model sizes are ``ClassVar`` constants of the training dataclass (they are not fields, so
``asdict`` and the CLI leave them alone), copied out into module names."""

from dataclasses import dataclass
from typing import ClassVar

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class FalconTrainArgs:
    hidden: ClassVar[int] = 64
    n_head: ClassVar[int] = 8
    n_head_kv: ClassVar[int] = 2
    n_layer: ClassVar[int] = 2
    vocab: ClassVar[int] = 1000
    mlp_ratio: ClassVar[int] = 4
    eps: ClassVar[float] = 1.0e-5
    rope_theta: ClassVar[float] = 10000.0
    batch_size: int = 8
    lr: float = 3.0e-4


hidden, n_head, n_head_kv, n_layer, vocab = (
    getattr(FalconTrainArgs, name) for name in ("hidden", "n_head", "n_head_kv", "n_layer", "vocab")
)
ffn_hidden = FalconTrainArgs.mlp_ratio * hidden
eps = FalconTrainArgs.eps
rope_theta = FalconTrainArgs.rope_theta


def rotate_half(x):
    return torch.cat([-x[..., x.shape[-1] // 2 :], x[..., : x.shape[-1] // 2]], dim=-1)


class GroupedAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = hidden // n_head
        self.query_key_value = nn.Linear(hidden, (n_head + 2 * n_head_kv) * self.hd, bias=False)
        self.dense = nn.Linear(n_head * self.hd, hidden, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        per = n_head // n_head_kv
        qkv = self.query_key_value(x).view(b, t, n_head_kv, per + 2, self.hd)
        q = qkv[:, :, :, :per].reshape(b, t, n_head, self.hd)
        k = (
            qkv[:, :, :, per : per + 1]
            .expand(b, t, n_head_kv, per, self.hd)
            .reshape(b, t, n_head, self.hd)
        )
        v = (
            qkv[:, :, :, per + 1 :]
            .expand(b, t, n_head_kv, per, self.hd)
            .reshape(b, t, n_head, self.hd)
        )
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, -1))


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_attn = nn.LayerNorm(hidden, eps=eps)
        self.ln_mlp = nn.LayerNorm(hidden, eps=eps)
        self.self_attention = GroupedAttention()
        self.dense_h_to_4h = nn.Linear(hidden, ffn_hidden, bias=False)
        self.dense_4h_to_h = nn.Linear(ffn_hidden, hidden, bias=False)

    def forward(self, x, cos, sin):
        attn = self.self_attention(self.ln_attn(x), cos, sin)
        mlp = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.ln_mlp(x))))
        return x + attn + mlp


class FalconLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab, hidden)
        self.h = nn.ModuleList([DecoderLayer() for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(hidden, eps=eps)

    def forward(self, ids):
        hd = hidden // n_head
        inv = 1.0 / rope_theta ** (torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        emb = torch.cat([f, f], -1)
        x = self.word_embeddings(ids)
        for layer in self.h:
            x = layer(x, emb.cos(), emb.sin())
        return self.ln_f(x) @ self.word_embeddings.weight.T
