"""Gemma (tiny): the config object is callable and calling it builds the model
(``GemmaArgs()()``), so a sweep passes configs around and instantiates late. Norms scale by
(1 + w), embeddings are multiplied by sqrt(width), and the head is the embedding."""

import math

import torch
import torch.nn.functional as F
from torch import nn


class GemmaArgs:
    def __init__(self, vocab=576, width=64, depth=2, heads=4, kv_heads=1, head_dim=32, ffn=192):
        self.vocab, self.width, self.depth = vocab, width, depth
        self.heads, self.kv_heads, self.head_dim, self.ffn = heads, kv_heads, head_dim, ffn
        self.eps = 1e-6

    def __call__(self):
        return Gemma(self)


class OnePlusNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)
        return x * (1.0 + self.weight)


class GemmaAttention(nn.Module):
    def __init__(self, a: GemmaArgs):
        super().__init__()
        self.a = a
        self.q_proj = nn.Linear(a.width, a.heads * a.head_dim, bias=False)
        self.k_proj = nn.Linear(a.width, a.kv_heads * a.head_dim, bias=False)
        self.v_proj = nn.Linear(a.width, a.kv_heads * a.head_dim, bias=False)
        self.o_proj = nn.Linear(a.heads * a.head_dim, a.width, bias=False)

    def forward(self, x):
        a, (b, t, _) = self.a, x.shape
        q = self.q_proj(x).view(b, t, a.heads, a.head_dim).transpose(1, 2)
        k = self.k_proj(x).view(b, t, a.kv_heads, a.head_dim).transpose(1, 2)
        v = self.v_proj(x).view(b, t, a.kv_heads, a.head_dim).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class GemmaLayer(nn.Module):
    def __init__(self, a: GemmaArgs):
        super().__init__()
        self.input_layernorm = OnePlusNorm(a.width, a.eps)
        self.self_attn = GemmaAttention(a)
        self.post_attention_layernorm = OnePlusNorm(a.width, a.eps)
        self.gate_proj = nn.Linear(a.width, a.ffn, bias=False)
        self.up_proj = nn.Linear(a.width, a.ffn, bias=False)
        self.down_proj = nn.Linear(a.ffn, a.width, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        g = F.gelu(self.gate_proj(h), approximate="tanh")
        return x + self.down_proj(g * self.up_proj(h))


class Gemma(nn.Module):
    def __init__(self, a: GemmaArgs | None = None):
        super().__init__()
        a = a or GemmaArgs()
        self.scale = math.sqrt(a.width)
        self.embed_tokens = nn.Embedding(a.vocab, a.width)
        self.layers = nn.ModuleList([GemmaLayer(a) for _ in range(a.depth)])
        self.norm = OnePlusNorm(a.width, a.eps)

    def forward(self, ids):
        x = self.embed_tokens(ids) * self.scale
        for layer in self.layers:
            x = layer(x)
        return self.norm(x) @ self.embed_tokens.weight.t()
