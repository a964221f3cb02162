"""Qwen2.5-Omni's thinker text tower, sized from the INI file our eval harness ships."""

import configparser

import torch
import torch.nn as nn
import torch.nn.functional as F

INI = """
[thinker]
vocab_size = 256
hidden = 64
num_layers = 2
num_heads = 4
num_kv_heads = 2
mlp_hidden = 160
rms_eps = 1e-6
"""
_parser = configparser.ConfigParser()
_parser.read_string(INI)
T = _parser["thinker"]


class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(d)), eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attention(nn.Module):
    def __init__(self, d, h, kv):
        super().__init__()
        self.h, self.kv, self.hd = h, kv, d // h
        self.q_proj = nn.Linear(d, h * self.hd)
        self.k_proj = nn.Linear(d, kv * self.hd)
        self.v_proj = nn.Linear(d, kv * self.hd)
        self.o_proj = nn.Linear(h * self.hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, d, h, kv, ff, eps):
        super().__init__()
        self.input_layernorm = RMSNorm(d, eps)
        self.self_attn = Attention(d, h, kv)
        self.post_attention_layernorm = RMSNorm(d, eps)
        self.mlp = nn.ModuleDict(
            dict(
                gate_proj=nn.Linear(d, ff, bias=False),
                up_proj=nn.Linear(d, ff, bias=False),
                down_proj=nn.Linear(ff, d, bias=False),
            )
        )

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h, m = self.post_attention_layernorm(x), self.mlp
        return x + m["down_proj"](F.silu(m["gate_proj"](h)) * m["up_proj"](h))


class ThinkerText(nn.Module):
    def __init__(self):
        super().__init__()
        d, eps = T.getint("hidden"), T.getfloat("rms_eps")
        self.embed_tokens = nn.Embedding(T.getint("vocab_size"), d)
        self.layers = nn.ModuleList(
            Layer(d, T.getint("num_heads"), T.getint("num_kv_heads"), T.getint("mlp_hidden"), eps)
            for _ in range(T.getint("num_layers"))
        )
        self.norm = RMSNorm(d, eps)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
