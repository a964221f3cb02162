"""Qwen2 with our preset ladder: one preset name picks a column of every size list by its
index in ``PRESETS``; attention through SDPA's ``enable_gqa``."""

import torch
import torch.nn.functional as F
from torch import nn

PRESETS = ["nano", "tiny", "small", "base"]
PRESET = "tiny"
_I = PRESETS.index(PRESET)

WIDTHS = (32, 64, 128, 256)
LAYERS = (1, 2, 4, 8)
HEADS = (2, 4, 8, 16)
KV = (1, 2, 2, 4)
FFNS = (96, 192, 384, 768)
VOCAB = 320

D, L, H, G, FF = WIDTHS[_I], LAYERS[_I], HEADS[_I], KV[_I], FFNS[_I]


class RMS(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(d)), eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = D // H
        self.q_proj = nn.Linear(D, H * self.hd)
        self.k_proj = nn.Linear(D, G * self.hd)
        self.v_proj = nn.Linear(D, G * self.hd)
        self.o_proj = nn.Linear(H * self.hd, D, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape

        def heads(z, n):
            z = z.view(b, t, n, self.hd).transpose(1, 2)
            return z

        def rope(z):
            z1, z2 = z.chunk(2, -1)
            return z * cos + torch.cat((-z2, z1), -1) * sin

        q = rope(heads(self.q_proj(x), H))
        k = rope(heads(self.k_proj(x), G))
        v = heads(self.v_proj(x), G)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm, self.post_attention_layernorm = RMS(D), RMS(D)
        self.self_attn = Attn()
        self.gate_proj = nn.Linear(D, FF, bias=False)
        self.up_proj = nn.Linear(D, FF, bias=False)
        self.down_proj = nn.Linear(FF, D, bias=False)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Qwen2LM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList([Layer() for _ in range(L)])
        self.norm = RMS(D)
        self.lm_head = nn.Linear(D, VOCAB, bias=False)
        self.lm_head.weight = self.embed_tokens.weight

    def forward(self, ids):
        hd = D // H
        inv = 1.0 / 1000000.0 ** (torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        cos, sin = torch.cat([f, f], -1).cos(), torch.cat([f, f], -1).sin()
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
