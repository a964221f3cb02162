"""A Gemma (GeGLU MLP, (1 + w) RMSNorm, embeddings scaled by sqrt(width), tied output, wide
heads). Layers come from a closure: ``build_model()`` captures the sizes and defines the
layer builder inside itself, so no class or global carries them."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class GemmaNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        x32 = x.float()
        return (
            x32 * torch.rsqrt(x32.pow(2).mean(-1, keepdim=True) + self.eps) * (1 + self.weight)
        ).type_as(x)


class Attn(nn.Module):
    def __init__(self, d, heads, kv, head_dim):
        super().__init__()
        self.heads, self.kv, self.hd = heads, kv, head_dim
        self.q = nn.Linear(d, heads * head_dim, bias=False)
        self.k = nn.Linear(d, kv * head_dim, bias=False)
        self.v = nn.Linear(d, kv * head_dim, bias=False)
        self.o = nn.Linear(heads * head_dim, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.heads, -1).transpose(1, 2)
        k = self.k(x).view(b, t, self.kv, -1).transpose(1, 2)
        v = self.v(x).view(b, t, self.kv, -1).transpose(1, 2)
        inv = 10000.0 ** (-torch.arange(0, self.hd, 2).float() / self.hd)
        a = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        h = self.hd // 2
        q = q * a.cos() + torch.cat((-q[..., h:], q[..., :h]), -1) * a.sin()
        k = k * a.cos() + torch.cat((-k[..., h:], k[..., :h]), -1) * a.sin()
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


def build_model(vocab=768, d=64, depth=2, heads=4, kv_heads=2, head_dim=32, ffn=256):
    def make_layer():
        layer = nn.Module()
        layer.norm1 = GemmaNorm(d)
        layer.attn = Attn(d, heads, kv_heads, head_dim)
        layer.norm2 = GemmaNorm(d)
        layer.gate = nn.Linear(d, ffn, bias=False)
        layer.up = nn.Linear(d, ffn, bias=False)
        layer.down = nn.Linear(ffn, d, bias=False)
        return layer

    return nn.Embedding(vocab, d), nn.ModuleList(make_layer() for _ in range(depth)), GemmaNorm(d)


class Gemma(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed, self.layers, self.final_norm = build_model()

    def forward(self, ids):
        x = self.embed(ids) * math.sqrt(self.embed.embedding_dim)
        for layer in self.layers:
            x = x + layer.attn(layer.norm1(x))
            h = layer.norm2(x)
            x = x + layer.down(F.gelu(layer.gate(h), approximate="tanh") * layer.up(h))
        return self.final_norm(x) @ self.embed.weight.T
