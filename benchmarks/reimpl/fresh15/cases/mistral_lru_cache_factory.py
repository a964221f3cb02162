"""Mistral sized by a cached factory function (functools.lru_cache) the training script also calls."""

from functools import lru_cache

import torch
import torch.nn as nn
import torch.nn.functional as F


@lru_cache(maxsize=8)
def model_sizes(preset: str = "tiny") -> tuple:
    if preset == "tiny":
        return (448, 96, 3, 6, 2, 256)  # vocab, dim, layers, heads, kv heads, ffn
    return (32000, 4096, 32, 32, 8, 14336)


VOCAB, DIM, LAYERS, HEADS, KV_HEADS, FFN = model_sizes()
WINDOW = 4096  # sliding-window attention: a token sees itself and the 4095 before it


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
        i = torch.arange(t, device=x.device)
        gap = i[:, None] - i[None, :]
        mask = (gap >= 0) & (gap < WINDOW)  # causal, within the sliding window
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
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


class Mistral(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, DIM)
        self.layers = nn.ModuleList(
            DecoderLayer(DIM, HEADS, KV_HEADS, FFN, 1e-5) for _ in range(LAYERS)
        )
        self.norm = RMSNorm(DIM, 1e-5)
        self.lm_head = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, ids):
        cos, sin = rotary(ids.shape[1], DIM // HEADS, 10000.0)
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
