"""Phi-3 (fused qkv and gate|up projections) sized from the sentence in our model card,
picked apart with ``re.findall``."""

import re

import torch
import torch.nn as nn
import torch.nn.functional as F

CARD = (
    "phi3-tiny is a 2-layer decoder of width 64 with 4 query heads sharing 2 key/value heads, "
    "an MLP of 160 units and a 448-token vocabulary."
)
_N = [int(n) for n in re.findall(r"\d+", CARD.split(" is ", 1)[1])]
LAYERS, WIDTH, HEADS, KV, FFN, VOCAB = _N
EPS = 1e-5


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = WIDTH // HEADS
        self.qkv_proj = nn.Linear(WIDTH, (HEADS + 2 * KV) * self.hd, bias=False)
        self.o_proj = nn.Linear(HEADS * self.hd, WIDTH, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv_proj(x).split([HEADS * self.hd, KV * self.hd, KV * self.hd], -1)
        q = q.view(b, t, HEADS, self.hd).transpose(1, 2)
        k = k.view(b, t, KV, self.hd).transpose(1, 2)
        v = v.view(b, t, KV, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm, self.self_attn = RMSNorm(WIDTH), Attention()
        self.post_attention_layernorm = RMSNorm(WIDTH)
        self.gate_up_proj = nn.Linear(WIDTH, 2 * FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        gate, up = self.gate_up_proj(self.post_attention_layernorm(x)).chunk(2, -1)
        return x + self.down_proj(F.silu(gate) * up)


class Phi3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.norm = RMSNorm(WIDTH)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
