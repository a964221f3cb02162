"""Mistral (v0.1 layout: GQA, SwiGLU, a sliding attention window on every layer), configured
through a fluent builder: ``MistralBuilder().with_vocab(...).with_heads(...)...build()``, each
``with_*`` method returning the builder, as some training libraries expose models."""

import torch
import torch.nn.functional as F
from torch import nn


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        var = x.pow(2).mean(-1, keepdim=True)
        return self.weight * (x * torch.rsqrt(var + self.eps))


class SlidingAttention(nn.Module):
    def __init__(self, dim, heads, kv_heads, window, theta):
        super().__init__()
        self.heads, self.kv_heads, self.hd = heads, kv_heads, dim // heads
        self.window, self.theta = window, theta
        self.q_proj = nn.Linear(dim, heads * self.hd, bias=False)
        self.k_proj = nn.Linear(dim, kv_heads * self.hd, bias=False)
        self.v_proj = nn.Linear(dim, kv_heads * self.hd, bias=False)
        self.o_proj = nn.Linear(heads * self.hd, dim, bias=False)

    def rope(self, x):
        t, hd = x.shape[-2], self.hd
        inv = 1.0 / (self.theta ** (torch.arange(0, hd, 2).float() / hd))
        ang = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()
        return x * cos + torch.cat((-x[..., hd // 2 :], x[..., : hd // 2]), -1) * sin

    def forward(self, x):
        b, t, _ = x.shape
        q = self.rope(self.q_proj(x).view(b, t, self.heads, self.hd).transpose(1, 2))
        k = self.rope(self.k_proj(x).view(b, t, self.kv_heads, self.hd).transpose(1, 2))
        v = self.v_proj(x).view(b, t, self.kv_heads, self.hd).transpose(1, 2)
        pos = torch.arange(t)
        delta = pos[:, None] - pos[None, :]
        mask = (delta >= 0) & (delta < self.window)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, b):
        super().__init__()
        self.input_layernorm = RMSNorm(b.dim, b.eps)
        self.self_attn = SlidingAttention(b.dim, b.heads, b.kv_heads, b.window, b.theta)
        self.post_attention_layernorm = RMSNorm(b.dim, b.eps)
        self.gate_proj = nn.Linear(b.dim, b.ffn, bias=False)
        self.up_proj = nn.Linear(b.dim, b.ffn, bias=False)
        self.down_proj = nn.Linear(b.ffn, b.dim, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class MistralBuilder:
    def __init__(self):
        self.vocab, self.dim, self.depth, self.heads, self.kv_heads = 32000, 4096, 32, 32, 8
        self.ffn, self.window, self.theta, self.eps = 14336, 4096, 10000.0, 1e-5

    def with_vocab(self, n):
        self.vocab = n
        return self

    def with_width(self, dim, ffn):
        self.dim, self.ffn = dim, ffn
        return self

    def with_layers(self, n):
        self.depth = n
        return self

    def with_heads(self, heads, kv_heads=None):
        self.heads, self.kv_heads = heads, kv_heads or heads
        return self

    def with_window(self, n):
        self.window = n
        return self

    def with_rope(self, theta):
        self.theta = theta
        return self

    def build(self):
        return MistralLM(self)


class MistralLM(nn.Module):
    def __init__(self, b=None):
        super().__init__()
        if b is None:
            b = (
                MistralBuilder()
                .with_vocab(768)
                .with_width(64, 176)
                .with_layers(2)
                .with_heads(8, 2)
                .with_window(20)
                .with_rope(1000000.0)
            )
        self.embed_tokens = nn.Embedding(b.vocab, b.dim)
        self.layers = nn.ModuleList(Block(b) for _ in range(b.depth))
        self.norm = RMSNorm(b.dim, b.eps)
        self.lm_head = nn.Linear(b.dim, b.vocab, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
