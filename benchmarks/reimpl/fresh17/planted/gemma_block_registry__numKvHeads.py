"""Gemma assembled from a registry of blocks: components register under a name and the model is
built from a recipe list of names (a paper-repo pattern)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

REGISTRY = {}


def register(name):
    def deco(cls):
        REGISTRY[name] = cls
        return cls

    return deco


RECIPE = {
    "vocab": 256,
    "width": 64,
    "depth": 2,
    "heads": 4,
    "kv": 2,
    "head": 16,
    "ffn": 128,
    "theta": 10000.0,
    "eps": 1e-6,
}


@register("rmsnorm")
class GemmaNorm(nn.Module):
    def __init__(self, r):
        super().__init__()
        self.eps = r["eps"]
        self.weight = nn.Parameter(torch.zeros(r["width"]))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * (1.0 + self.weight)


@register("mqa")
class MultiQuery(nn.Module):
    def __init__(self, r):
        super().__init__()
        self.r = r
        self.q_proj = nn.Linear(r["width"], r["heads"] * r["head"], bias=False)
        self.k_proj = nn.Linear(r["width"], r["kv"] * r["head"], bias=False)
        self.v_proj = nn.Linear(r["width"], r["kv"] * r["head"], bias=False)
        self.o_proj = nn.Linear(r["heads"] * r["head"], r["width"], bias=False)

    def forward(self, x):
        r = self.r
        B, T, _ = x.shape
        hd = r["head"]
        inv = 1.0 / r["theta"] ** (torch.arange(0, hd, 2).float() / hd)
        a = torch.arange(T).float()[:, None] * inv
        a = torch.cat([a, a], -1)

        def rot(t):
            return t * a.cos() + torch.cat([-t[..., hd // 2 :], t[..., : hd // 2]], -1) * a.sin()

        q = rot(self.q_proj(x).view(B, T, r["heads"], hd).transpose(1, 2))
        k = rot(self.k_proj(x).view(B, T, r["kv"], hd).transpose(1, 2))
        v = self.v_proj(x).view(B, T, r["kv"], hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(B, T, -1))


@register("geglu")
class GeGLU(nn.Module):
    def __init__(self, r):
        super().__init__()
        self.gate_proj = nn.Linear(r["width"], r["ffn"], bias=False)
        self.up_proj = nn.Linear(r["width"], r["ffn"], bias=False)
        self.down_proj = nn.Linear(r["ffn"], r["width"], bias=False)

    def forward(self, x):
        return self.down_proj(F.gelu(self.gate_proj(x), approximate="tanh") * self.up_proj(x))


LAYER = [
    ("input_layernorm", "rmsnorm"),
    ("self_attn", "mqa"),
    ("post_attention_layernorm", "rmsnorm"),
    ("mlp", "geglu"),
]


class Layer(nn.Module):
    def __init__(self, r):
        super().__init__()
        for attr, kind in LAYER:
            self.add_module(attr, REGISTRY[kind](r))

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Gemma(nn.Module):
    def __init__(self, r=RECIPE):
        super().__init__()
        self.scale = math.sqrt(r["width"])
        self.embed_tokens = nn.Embedding(r["vocab"], r["width"])
        self.layers = nn.ModuleList(Layer(r) for _ in range(r["depth"]))
        self.norm = REGISTRY["rmsnorm"](r)

    def forward(self, ids):
        x = self.embed_tokens(ids) * self.scale
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
