"""Qwen2 with every width one value by dict.fromkeys, the rest overridden; tied head."""

import torch
import torch.nn as nn
import torch.nn.functional as F

S = dict.fromkeys(("dim", "ffn_in", "ffn_out"), 64)
S.update(dict.fromkeys(("heads", "layers_x2"), 4), layers_x2=6)
S.update(vocab=320, kv_heads=2, ffn=192, eps=1e-6, theta=1000000.0)


class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(d)), eps

    def forward(self, x):
        h = x.float()
        return self.weight * (h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps))


def rotary(t, d, theta):
    inv = 1.0 / theta ** (torch.arange(0, d, 2, dtype=torch.int64).float() / d)
    ang = torch.outer(torch.arange(t).float(), inv)
    ang = torch.cat([ang, ang], -1)
    return ang.cos(), ang.sin()


def apply_rotary(x, cos, sin):
    x1, x2 = x.chunk(2, -1)
    return x * cos + torch.cat([-x2, x1], -1) * sin


class Attention(nn.Module):
    def __init__(self, dim, heads, kv_heads, bias):
        super().__init__()
        self.hd, self.h, self.kv = dim // heads, heads, kv_heads
        self.q_proj = nn.Linear(dim, heads * self.hd, bias=bias)
        self.k_proj = nn.Linear(dim, kv_heads * self.hd, bias=bias)
        self.v_proj = nn.Linear(dim, kv_heads * self.hd, bias=bias)
        self.o_proj = nn.Linear(heads * self.hd, dim, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        q, k = apply_rotary(q, cos, sin), apply_rotary(k, cos, sin)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.gate_proj = nn.Linear(dim, hidden, bias=False)
        self.up_proj = nn.Linear(dim, hidden, bias=False)
        self.down_proj = nn.Linear(hidden, dim, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class DecoderLayer(nn.Module):
    def __init__(self, dim, heads, kv_heads, hidden, eps, bias=False):
        super().__init__()
        self.input_layernorm = RMSNorm(dim, eps)
        self.self_attn = Attention(dim, heads, kv_heads, bias)
        self.post_attention_layernorm = RMSNorm(dim, eps)
        self.mlp = MLP(dim, hidden)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(S["vocab"], S["dim"])
        self.layers = nn.ModuleList(
            DecoderLayer(S["dim"], S["heads"], S["kv_heads"], S["ffn"], S["eps"], bias=True)
            for _ in range(S["layers_x2"] // 2)
        )
        self.norm = RMSNorm(S["dim"], S["eps"])
        self.lm_head = nn.Linear(S["dim"], S["vocab"], bias=False)
        self.lm_head.weight = self.embed_tokens.weight

    def forward(self, ids):
        cos, sin = rotary(ids.shape[1], S["dim"] // S["heads"], S["theta"])
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
