"""Seed-OSS port: every size may be overridden from the environment (``os.getenv`` with the
run's default) and the sizes become members of an enum built with the functional API
(``enum.Enum("Size", {...})``); an explicit head size, q/k/v biases, GQA, an untied head."""

import enum
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

DEFAULTS = {
    "VOCAB": 1000,
    "WIDTH": 128,
    "LAYERS": 2,
    "HEADS": 4,
    "KV_HEADS": 2,
    "HEAD": 32,
    "FFN": 256,
}
Size = enum.Enum(
    "Size", {name: int(os.getenv(f"SEED_{name}", default)) for name, default in DEFAULTS.items()}
)
ROPE_BASE = float(os.getenv("SEED_ROPE_BASE", "10000000.0"))
RMS_EPS = float(os.getenv("SEED_RMS_EPS", "1e-6"))


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(Size.WIDTH.value))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + RMS_EPS)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        w, h, kv, hd = Size.WIDTH.value, Size.HEADS.value, Size.KV_HEADS.value, Size.HEAD.value
        self.q_proj = nn.Linear(w, h * hd, bias=True)
        self.k_proj = nn.Linear(w, kv * hd, bias=True)
        self.v_proj = nn.Linear(w, kv * hd, bias=True)
        self.o_proj = nn.Linear(h * hd, w, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        hd = Size.HEAD.value
        q = self.q_proj(x).unflatten(-1, (-1, hd)).transpose(1, 2)
        k = self.k_proj(x).unflatten(-1, (-1, hd)).transpose(1, 2)
        v = self.v_proj(x).unflatten(-1, (-1, hd)).transpose(1, 2)
        q1, q2 = q.chunk(2, -1)
        k1, k2 = k.chunk(2, -1)
        q = q * cos + torch.cat((-q2, q1), -1) * sin
        k = k * cos + torch.cat((-k2, k1), -1) * sin
        rep = Size.HEADS.value // Size.KV_HEADS.value
        k, v = k.repeat_interleave(rep, dim=1), v.repeat_interleave(rep, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).flatten(2))


class SeedLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = Norm()
        self.self_attn = Attention()
        self.post_attention_layernorm = Norm()
        self.gate_proj = nn.Linear(Size.WIDTH.value, Size.FFN.value, bias=False)
        self.up_proj = nn.Linear(Size.WIDTH.value, Size.FFN.value, bias=False)
        self.down_proj = nn.Linear(Size.FFN.value, Size.WIDTH.value, bias=False)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class SeedOss(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(Size.VOCAB.value, Size.WIDTH.value)
        self.layers = nn.ModuleList([SeedLayer() for _ in range(Size.LAYERS.value)])
        self.norm = Norm()
        self.lm_head = nn.Linear(Size.WIDTH.value, Size.VOCAB.value, bias=False)

    def forward(self, ids):
        hd = Size.HEAD.value
        inv = 1.0 / ROPE_BASE ** (torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        cos, sin = torch.cat((f, f), -1).cos(), torch.cat((f, f), -1).sin()
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
