"""Gemma: (1 + w) RMSNorm over zero-initialised weights, the embedding scaled by sqrt(width),
GeGLU with tanh GELU, multi-query attention, the head tied by F.linear on the embedding."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class GemmaNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        y = x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + self.eps)
        return (y * (1.0 + self.weight.float())).type_as(x)


class RotaryCache(nn.Module):
    def __init__(self, head_dim, max_positions=256, base=10000.0):
        super().__init__()
        inv = 1.0 / (base ** (torch.arange(0, head_dim, 2).float() / head_dim))
        ang = torch.outer(torch.arange(max_positions).float(), inv)
        self.register_buffer("cos", torch.cat([ang, ang], -1).cos(), persistent=False)
        self.register_buffer("sin", torch.cat([ang, ang], -1).sin(), persistent=False)

    def forward(self, x):
        t, d = x.shape[-2], x.shape[-1]
        x1, x2 = x[..., : d // 2], x[..., d // 2 :]
        return x * self.cos[:t] + torch.cat([-x2, x1], -1) * self.sin[:t]


class MQA(nn.Module):
    def __init__(self, width, heads, head_dim, rotary):
        super().__init__()
        self.heads, self.head_dim, self.rotary = heads, head_dim, rotary
        self.q_proj = nn.Linear(width, heads * head_dim, bias=False)
        self.kv_proj = nn.Linear(width, 2 * head_dim, bias=False)
        self.o_proj = nn.Linear(heads * head_dim, width, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, self.heads, self.head_dim).transpose(1, 2)
        k, v = self.kv_proj(x).view(b, t, 1, 2 * self.head_dim).transpose(1, 2).chunk(2, -1)
        q, k = self.rotary(q), self.rotary(k)
        a = F.scaled_dot_product_attention(q, k.expand_as(q), v.expand_as(q), is_causal=True)
        return self.o_proj(a.transpose(1, 2).reshape(b, t, -1))


class GeGLU(nn.Module):
    def __init__(self, width, hidden):
        super().__init__()
        self.gate = nn.Linear(width, hidden, bias=False)
        self.up = nn.Linear(width, hidden, bias=False)
        self.down = nn.Linear(hidden, width, bias=False)

    def forward(self, x):
        return self.down(F.gelu(self.gate(x), approximate="tanh") * self.up(x))


class Layer(nn.Module):
    def __init__(self, width, heads, head_dim, hidden, rotary):
        super().__init__()
        self.pre_attn = GemmaNorm(width)
        self.attn = MQA(width, heads, head_dim, rotary)
        self.pre_mlp = GemmaNorm(width)
        self.mlp = GeGLU(width, hidden)

    def forward(self, x):
        x = x + self.attn(self.pre_attn(x))
        return x + self.mlp(self.pre_mlp(x))


class Gemma(nn.Module):
    def __init__(self, vocab=1000, width=64, layers=2, heads=4, head_dim=32, hidden=192):
        super().__init__()
        self.width = width
        self.embed = nn.Embedding(vocab, width)
        rotary = RotaryCache(head_dim)
        self.layers = nn.ModuleList([Layer(width, heads, head_dim, hidden, rotary) for _ in range(layers)])
        self.final_norm = GemmaNorm(width)

    def forward(self, ids):
        x = self.embed(ids) * (self.width**0.5)
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.final_norm(x), self.embed.weight)
