"""Qwen3 with a head size wider than width / heads; its sizes on a config object that answers
both ``cfg.x`` and ``cfg["x"]``, read through ``operator.attrgetter``."""

import operator

import torch
import torch.nn as nn
import torch.nn.functional as F


class Cfg:
    def __init__(self, **kw):
        self.__dict__.update(kw)

    def __getitem__(self, key):
        return getattr(self, key)


CFG = Cfg(vocab=256, width=64, layers=2, heads=4, kv=2, head=16, ffn=128, theta=1000000.0)
EPS = 1e-6
dims = operator.attrgetter("width", "heads", "kv", "head")


class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        w, h, kv, hd = dims(c)
        self.h, self.kv, self.hd, self.theta = h, kv, hd, c["theta"]
        self.q_proj = nn.Linear(w, h * hd, bias=False)
        self.k_proj = nn.Linear(w, kv * hd, bias=False)
        self.v_proj = nn.Linear(w, kv * hd, bias=False)
        self.o_proj = nn.Linear(h * hd, w, bias=False)
        self.q_norm = nn.RMSNorm(hd, eps=EPS)
        self.k_norm = nn.RMSNorm(hd, eps=EPS)

    def forward(self, x):
        B, T, _ = x.shape
        hd = self.hd
        inv = 1.0 / self.theta ** (torch.arange(0, hd, 2).float() / hd)
        a = torch.arange(T).float()[:, None] * inv
        a = torch.cat([a, a], -1)

        def rot(t):
            return t * a.cos() + torch.cat([-t[..., hd // 2 :], t[..., : hd // 2]], -1) * a.sin()

        q = rot(self.q_norm(self.q_proj(x).view(B, T, self.h, hd)).transpose(1, 2))
        k = rot(self.k_norm(self.k_proj(x).view(B, T, self.kv, hd)).transpose(1, 2))
        v = self.v_proj(x).view(B, T, self.kv, hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(B, T, -1))


class Mlp(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.gate_proj = nn.Linear(c["width"], c["ffn"], bias=False)
        self.up_proj = nn.Linear(c["width"], c["ffn"], bias=False)
        self.down_proj = nn.Linear(c["ffn"], c["width"], bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(c.width, eps=EPS)
        self.self_attn = Attention(c)
        self.post_attention_layernorm = nn.RMSNorm(c.width, eps=EPS)
        self.mlp = Mlp(c)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen3(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.embed_tokens = nn.Embedding(c.vocab, c.width)
        self.layers = nn.ModuleList(Layer(c) for _ in range(c["layers"]))
        self.norm = nn.RMSNorm(c.width, eps=EPS)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
