"""Mistral with its hyper-parameters on a class made by a ``type(...)`` call (the dict comes
from our YAML loader; the class gives attribute access)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

Hyper = type(
    "Hyper",
    (),
    {
        "vocab": 320,
        "d": 96,
        "layers": 2,
        "heads": 6,
        "kv_heads": 3,
        "ffn": 224,
        "theta": 1000000.0,
        "eps": 1e-5,
    },
)


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


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = Hyper.d // Hyper.heads
        self.q_proj = nn.Linear(Hyper.d, Hyper.heads * self.hd, bias=False)
        self.k_proj = nn.Linear(Hyper.d, Hyper.kv_heads * self.hd, bias=False)
        self.v_proj = nn.Linear(Hyper.d, Hyper.kv_heads * self.hd, bias=False)
        self.o_proj = nn.Linear(Hyper.heads * self.hd, Hyper.d, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, self.hd).transpose(1, 2)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = RMSNorm(Hyper.d, Hyper.eps)
        self.self_attn = Attention()
        self.post_attention_layernorm = RMSNorm(Hyper.d, Hyper.eps)
        self.mlp = nn.Module()
        self.mlp.gate_proj = nn.Linear(Hyper.d, Hyper.ffn, bias=False)
        self.mlp.up_proj = nn.Linear(Hyper.d, Hyper.ffn, bias=False)
        self.mlp.down_proj = nn.Linear(Hyper.ffn, Hyper.d, bias=False)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        h, m = self.post_attention_layernorm(x), self.mlp
        return x + m.down_proj(F.silu(m.gate_proj(h)) * m.up_proj(h))


class Mistral(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(Hyper.vocab, Hyper.d)
        self.layers = nn.ModuleList(Layer() for _ in range(Hyper.layers))
        self.norm = RMSNorm(Hyper.d, Hyper.eps)
        self.lm_head = nn.Linear(Hyper.d, Hyper.vocab, bias=False)

    def forward(self, ids):
        cos, sin = rope_tables(ids.shape[1], Hyper.d // Hyper.heads, Hyper.theta)
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
