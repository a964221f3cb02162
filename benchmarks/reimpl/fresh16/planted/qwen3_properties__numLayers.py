"""Qwen3 (per-head q/k RMSNorm, explicit head size) with every derived size a ``@property`` of
one small spec object (the widths follow from a base unit)."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Spec:
    unit = 16
    n_layers = 3
    eps = 1e-6
    theta = 1000000.0

    @property
    def head_dim(self):
        return self.unit

    @property
    def dim(self):
        return 4 * self.unit

    @property
    def n_heads(self):
        return 4

    @property
    def n_kv(self):
        return 2

    @property
    def ffn(self):
        return 8 * self.unit

    @property
    def vocab(self):
        return 16 * self.unit


class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(d)), eps

    def forward(self, x):
        h = x.float()
        return self.weight * (h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps))


def rope_tables(t, d, theta):
    inv = 1.0 / theta ** (torch.arange(0, d, 2, dtype=torch.int64).float() / d)
    ang = torch.outer(torch.arange(t).float(), inv)
    ang = torch.cat([ang, ang], -1)
    return ang.cos(), ang.sin()


def rotate(x, cos, sin):
    x1, x2 = x.chunk(2, -1)
    return x * cos + torch.cat([-x2, x1], -1) * sin


SPEC = Spec()


class Attention(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.h, self.kv, self.hd = s.n_heads, s.n_kv, s.head_dim
        self.q_proj = nn.Linear(s.dim, self.h * self.hd, bias=False)
        self.k_proj = nn.Linear(s.dim, self.kv * self.hd, bias=False)
        self.v_proj = nn.Linear(s.dim, self.kv * self.hd, bias=False)
        self.o_proj = nn.Linear(self.h * self.hd, s.dim, bias=False)
        self.q_norm, self.k_norm = RMSNorm(self.hd, s.eps), RMSNorm(self.hd, s.eps)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, self.h, self.hd)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, self.kv, self.hd)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.gate_proj = nn.Linear(s.dim, s.ffn, bias=False)
        self.up_proj = nn.Linear(s.dim, s.ffn, bias=False)
        self.down_proj = nn.Linear(s.ffn, s.dim, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.input_layernorm, self.self_attn = RMSNorm(s.dim, s.eps), Attention(s)
        self.post_attention_layernorm, self.mlp = RMSNorm(s.dim, s.eps), MLP(s)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen3(nn.Module):
    def __init__(self, s=SPEC):
        super().__init__()
        self.s = s.head_dim, s.theta
        self.embed_tokens = nn.Embedding(s.vocab, s.dim)
        self.layers = nn.ModuleList(Layer(s) for _ in range(s.n_layers))
        self.norm = RMSNorm(s.dim, s.eps)
        self.lm_head = nn.Linear(s.dim, s.vocab, bias=False)

    def forward(self, ids):
        cos, sin = rope_tables(ids.shape[1], *self.s)
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
