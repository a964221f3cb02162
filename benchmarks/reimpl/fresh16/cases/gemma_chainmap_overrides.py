"""Gemma (one KV head, ``(1 + w)`` RMSNorm, GeGLU, embeddings scaled by sqrt(width)); the
sizes are a ``ChainMap`` lookup: the run's overrides over the family defaults."""

import math
from collections import ChainMap

import torch
import torch.nn as nn
import torch.nn.functional as F

FAMILY = {"vocab": 256000, "width": 2048, "depth": 18, "heads": 8, "kv": 1, "head": 256}
FAMILY |= {"ffn": 16384, "eps": 1e-6}
RUN = {"vocab": 256, "width": 64, "depth": 2, "heads": 4, "head": 16, "ffn": 128}
HP = ChainMap(RUN, FAMILY)


class GemmaNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + HP["eps"])
        return x * (1.0 + self.weight)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv, hd = HP["width"], HP["heads"], HP["kv"], HP["head"]
        self.q_proj = nn.Linear(d, h * hd, bias=False)
        self.k_proj = nn.Linear(d, kv * hd, bias=False)
        self.v_proj = nn.Linear(d, kv * hd, bias=False)
        self.o_proj = nn.Linear(h * hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HP["heads"], HP["head"]).transpose(1, 2)
        k = self.k_proj(x).view(b, t, HP["kv"], HP["head"]).transpose(1, 2)
        v = self.v_proj(x).view(b, t, HP["kv"], HP["head"]).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        d, f = HP["width"], HP["ffn"]
        self.input_layernorm, self.self_attn = GemmaNorm(d), Attention()
        self.post_attention_layernorm = GemmaNorm(d)
        self.gate_proj, self.up_proj = nn.Linear(d, f, bias=False), nn.Linear(d, f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.gelu(self.gate_proj(h), approximate="tanh") * self.up_proj(h))


class Gemma(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(HP["vocab"], HP["width"])
        self.layers = nn.ModuleList(Layer() for _ in range(HP["depth"]))
        self.norm = GemmaNorm(HP["width"])

    def forward(self, ids):
        x = self.embed_tokens(ids) * math.sqrt(HP["width"])
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
