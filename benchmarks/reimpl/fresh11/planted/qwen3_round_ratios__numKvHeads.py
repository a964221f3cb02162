"""Qwen3 (per-head q/k norms, explicit head size, tied head): the MLP width and head size are
`round()`ed float ratios of the width."""

import torch
import torch.nn.functional as F
from torch import nn

V, D, L, H, KV = 512, 64, 2, 4, 1
F_DIM = round(D * 2.5)
HD = round(D / H * 2)
THETA, EPS = 1e6, 1e-6


class RMSNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        h = x.float()
        h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + EPS)
        return self.weight * h.to(x.dtype)


def rotate(x, cos, sin):
    a, b = x.chunk(2, dim=-1)
    return x * cos + torch.cat((-b, a), dim=-1) * sin


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(D, H * HD, bias=False)
        self.k_proj = nn.Linear(D, KV * HD, bias=False)
        self.v_proj = nn.Linear(D, KV * HD, bias=False)
        self.q_norm, self.k_norm = RMSNorm(HD), RMSNorm(HD)
        self.o_proj = nn.Linear(H * HD, D, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, H, HD)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, KV, HD)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV, HD).transpose(1, 2)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, H * HD))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(D, F_DIM, bias=False)
        self.up_proj = nn.Linear(D, F_DIM, bias=False)
        self.down_proj = nn.Linear(F_DIM, D, bias=False)

    def forward(self, x):
        g = self.gate_proj(x)
        return self.down_proj(F.silu(g) * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = RMSNorm(D)
        self.self_attn = Attention()
        self.post_attention_layernorm = RMSNorm(D)
        self.mlp = MLP()

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen3LM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.norm = RMSNorm(D)

    def forward(self, ids):
        t = ids.shape[1]
        inv = 1.0 / THETA ** (torch.arange(0, HD, 2, dtype=torch.float32) / HD)
        ang = torch.outer(torch.arange(t, dtype=torch.float32), inv)
        ang = torch.cat((ang, ang), -1)
        cos, sin = ang.cos(), ang.sin()
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        x = self.norm(x)
        return x @ self.embed_tokens.weight.T
