"""Granite (Llama layout with embedding / residual / attention / logit multipliers): the sizes
live on a ``types.ModuleType`` namespace that a loop fills from (name, value) rows, so other
files can ``import`` it like a settings module."""

import types

import torch
import torch.nn.functional as F
from torch import nn

hp = types.ModuleType("hp")
for _name, _value in (
    ("vocab_size", 448),
    ("hidden_size", 64),
    ("num_layers", 2),
    ("num_heads", 4),
    ("num_kv_heads", 2),
    ("ffn_size", 128),
    ("embedding_multiplier", 12.0),
    ("residual_multiplier", 0.22),
    ("attention_multiplier", 0.0078125),
    ("logits_scaling", 8.0),
):
    setattr(hp, _name, _value)


class RMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hp.hidden_size))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class GraniteBlock(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv, ff = hp.hidden_size, hp.num_heads, hp.num_kv_heads, hp.ffn_size
        self.hd = d // h
        self.input_layernorm, self.post_attention_layernorm = RMSNorm(), RMSNorm()
        self.q_proj = nn.Linear(d, h * self.hd, bias=False)
        self.k_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.v_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.o_proj = nn.Linear(h * self.hd, d, bias=False)
        self.gate_proj = nn.Linear(d, ff, bias=False)
        self.up_proj = nn.Linear(d, ff, bias=False)
        self.down_proj = nn.Linear(ff, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.input_layernorm(x)
        q = self.q_proj(h).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.k_proj(h).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.v_proj(h).view(b, t, -1, self.hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(
            q, k, v, is_causal=True, scale=hp.attention_multiplier, enable_gqa=True
        )
        x = x + hp.residual_multiplier * self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        h = self.post_attention_layernorm(x)
        return x + hp.residual_multiplier * self.down_proj(
            F.silu(self.gate_proj(h)) * self.up_proj(h)
        )


class Granite(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(hp.vocab_size, hp.hidden_size)
        self.layers = nn.ModuleList(GraniteBlock() for _ in range(hp.num_layers))
        self.norm = RMSNorm()
        self.lm_head = nn.Linear(hp.hidden_size, hp.vocab_size, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids) * hp.embedding_multiplier
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x)) / hp.logits_scaling
