"""Qwen3 whose hyper-parameters are a class made at import time with ``type(...)`` from one
dict, so a sweep can derive variants with another ``type`` call on top of it."""

import torch
import torch.nn.functional as F
from torch import nn

Base = type(
    "Base", (), {"vocab": 384, "width": 64, "heads": 4, "kv_heads": 2, "head_dim": 32, "ffn": 192}
)
Run = type("Run", (Base,), {"layers": 2, "eps": 1e-6, "theta": 1000000.0})


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + Run.eps)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        hd = Run.head_dim
        self.q_proj = nn.Linear(Run.width, Run.heads * hd, bias=False)
        self.k_proj = nn.Linear(Run.width, Run.kv_heads * hd, bias=False)
        self.v_proj = nn.Linear(Run.width, Run.kv_heads * hd, bias=False)
        self.o_proj = nn.Linear(Run.heads * hd, Run.width, bias=False)
        self.q_norm, self.k_norm = RMSNorm(hd), RMSNorm(hd)

    def forward(self, x):
        b, t, _ = x.shape
        hd = Run.head_dim
        q = self.q_norm(self.q_proj(x).view(b, t, -1, hd)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, -1, hd)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, hd).transpose(1, 2)
        inv = 1.0 / Run.theta ** (torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat([f, f], -1).cos(), torch.cat([f, f], -1).sin()

        def rot(z):
            a, c = z.chunk(2, -1)
            return z * cos + torch.cat([-c, a], -1) * sin

        o = F.scaled_dot_product_attention(rot(q), rot(k), v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = Attention()
        self.gate_proj = nn.Linear(Run.width, Run.ffn, bias=False)
        self.up_proj = nn.Linear(Run.width, Run.ffn, bias=False)
        self.down_proj = nn.Linear(Run.ffn, Run.width, bias=False)
        self.input_layernorm = RMSNorm(Run.width)
        self.post_attention_layernorm = RMSNorm(Run.width)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Qwen3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(Run.vocab, Run.width)
        self.layers = nn.ModuleList([DecoderLayer() for _ in range(Run.layers)])
        self.norm = RMSNorm(Run.width)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.norm(x), self.embed_tokens.weight)
