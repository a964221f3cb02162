"""Step-3.5's text decoder (head-wise sigmoid output gate, per-head q/k norms); every size is a
member of an ``IntEnum`` so that the launcher can print them by name."""

from enum import IntEnum

import torch
import torch.nn as nn
import torch.nn.functional as F


class Dim(IntEnum):
    VOCAB = 256
    MODEL = 64
    LAYERS = 2
    HEADS = 4
    KV_HEADS = 1
    HEAD = 16
    FFN = 128


EPS = 1e-5


def rope_tables(t, d, theta=10000.0):
    inv = 1.0 / theta ** (torch.arange(0, d, 2, dtype=torch.int64).float() / d)
    ang = torch.outer(torch.arange(t).float(), inv)
    ang = torch.cat([ang, ang], -1)
    return ang.cos(), ang.sin()


def rotate(x, cos, sin):
    x1, x2 = x.chunk(2, -1)
    return x * cos + torch.cat([-x2, x1], -1) * sin


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


class GatedAttention(nn.Module):
    def __init__(self):
        super().__init__()
        h, kv, hd, d = Dim.HEADS, Dim.KV_HEADS, Dim.HEAD, Dim.MODEL
        self.q_proj = nn.Linear(d, h * hd, bias=False)
        self.k_proj = nn.Linear(d, kv * hd, bias=False)
        self.v_proj = nn.Linear(d, kv * hd, bias=False)
        self.o_proj = nn.Linear(h * hd, d, bias=False)
        self.q_norm, self.k_norm = RMSNorm(hd), RMSNorm(hd)
        self.g_proj = nn.Linear(d, h, bias=False)  # one gate per head

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, Dim.HEADS, Dim.HEAD)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, Dim.KV_HEADS, Dim.HEAD)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, Dim.KV_HEADS, Dim.HEAD).transpose(1, 2)
        cos, sin = rope_tables(t, Dim.HEAD)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        y = y.transpose(1, 2) * torch.sigmoid(self.g_proj(x)).unsqueeze(-1)
        return self.o_proj(y.reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(Dim.MODEL, Dim.FFN, bias=False)
        self.up_proj = nn.Linear(Dim.MODEL, Dim.FFN, bias=False)
        self.down_proj = nn.Linear(Dim.FFN, Dim.MODEL, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm, self.self_attn = RMSNorm(Dim.MODEL), GatedAttention()
        self.post_attention_layernorm, self.mlp = RMSNorm(Dim.MODEL), MLP()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Step35Text(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(Dim.VOCAB, Dim.MODEL)
        self.layers = nn.ModuleList(Layer() for _ in range(Dim.LAYERS))
        self.norm = RMSNorm(Dim.MODEL)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
