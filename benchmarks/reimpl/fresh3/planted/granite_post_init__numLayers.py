"""Granite: a dataclass whose ``__post_init__`` derives the head dim and the KV group size
(and checks them), muP-style multipliers on the embedding, the attention scores, the residual
branches and the logits, a Llama-shaped body, and the head tied by assigning the embedding's
weight to it (``self.lm_head.weight = self.embed.weight``)."""

from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class GraniteArgs:
    vocab_size: int = 720
    dim: int = 96
    n_layers: int = 3
    n_heads: int = 6
    n_kv_heads: int = 2
    hidden_dim: int = 224
    norm_eps: float = 1e-5
    rope_theta: float = 10000.0
    embedding_multiplier: float = 12.0
    attention_multiplier: float = 0.0625
    residual_multiplier: float = 0.22
    logits_scaling: float = 4.0
    tie_embeddings: bool = True
    head_dim: int = field(init=False)
    n_rep: int = field(init=False)

    def __post_init__(self):
        assert self.dim % self.n_heads == 0 and self.n_heads % self.n_kv_heads == 0
        self.head_dim = self.dim // self.n_heads
        self.n_rep = self.n_heads // self.n_kv_heads


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attention(nn.Module):
    def __init__(self, a: GraniteArgs):
        super().__init__()
        self.a = a
        self.q_proj = nn.Linear(a.dim, a.n_heads * a.head_dim, bias=False)
        self.k_proj = nn.Linear(a.dim, a.n_kv_heads * a.head_dim, bias=False)
        self.v_proj = nn.Linear(a.dim, a.n_kv_heads * a.head_dim, bias=False)
        self.o_proj = nn.Linear(a.n_heads * a.head_dim, a.dim, bias=False)

    def forward(self, x, cos, sin):
        a = self.a
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, a.n_heads, a.head_dim).transpose(1, 2)
        k = self.k_proj(x).view(b, t, a.n_kv_heads, a.head_dim).transpose(1, 2)
        v = self.v_proj(x).view(b, t, a.n_kv_heads, a.head_dim).transpose(1, 2)
        half = a.head_dim // 2
        rot = lambda z: torch.cat([-z[..., half:], z[..., :half]], -1)  # noqa: E731
        q, k = q * cos + rot(q) * sin, k * cos + rot(k) * sin
        k = k.repeat_interleave(a.n_rep, dim=1)
        v = v.repeat_interleave(a.n_rep, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=a.attention_multiplier)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class DecoderLayer(nn.Module):
    def __init__(self, a: GraniteArgs):
        super().__init__()
        self.m = a.residual_multiplier
        self.input_norm = RMSNorm(a.dim, a.norm_eps)
        self.attn = Attention(a)
        self.post_norm = RMSNorm(a.dim, a.norm_eps)
        self.gate_proj = nn.Linear(a.dim, a.hidden_dim, bias=False)
        self.up_proj = nn.Linear(a.dim, a.hidden_dim, bias=False)
        self.down_proj = nn.Linear(a.hidden_dim, a.dim, bias=False)

    def forward(self, x, cos, sin):
        x = x + self.m * self.attn(self.input_norm(x), cos, sin)
        h = self.post_norm(x)
        return x + self.m * self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Granite(nn.Module):
    def __init__(self, a: GraniteArgs | None = None):
        super().__init__()
        self.a = a = a or GraniteArgs()
        self.embed = nn.Embedding(a.vocab_size, a.dim)
        self.layers = nn.ModuleList([DecoderLayer(a) for _ in range(a.n_layers)])
        self.norm = RMSNorm(a.dim, a.norm_eps)
        self.lm_head = nn.Linear(a.dim, a.vocab_size, bias=False)
        if a.tie_embeddings:
            self.lm_head.weight = self.embed.weight

    def forward(self, ids):
        a = self.a
        t = ids.shape[1]
        inv = 1.0 / a.rope_theta ** (torch.arange(0, a.head_dim, 2).float() / a.head_dim)
        f = torch.outer(torch.arange(t).float(), inv)
        cos, sin = torch.cat([f, f], -1).cos(), torch.cat([f, f], -1).sin()
        x = self.embed(ids) * a.embedding_multiplier
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x)) / a.logits_scaling
