"""The Gemma-4 unified text tower with a frozen, slotted dataclass of sizes; four norms a layer,
per-head q/k norms, local sliding-window attention on every layer, a sqrt(width) embedding
scale. Forward: no RoPE (count-proved)."""

import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(frozen=True, slots=True)
class Sizes:
    vocab: int = 256
    width: int = 64
    depth: int = 2
    heads: int = 4
    kv_heads: int = 2
    head_dim: int = 16
    ffn: int = 192
    window: int = 1024
    eps: float = 1e-6


S = Sizes()


class Attention(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.s = s
        self.q_proj = nn.Linear(s.width, s.heads * s.head_dim, bias=False)
        self.k_proj = nn.Linear(s.width, s.kv_heads * s.head_dim, bias=False)
        self.v_proj = nn.Linear(s.width, s.kv_heads * s.head_dim, bias=False)
        self.o_proj = nn.Linear(s.heads * s.head_dim, s.width, bias=False)
        self.q_norm = nn.RMSNorm(s.head_dim, eps=s.eps)
        self.k_norm = nn.RMSNorm(s.head_dim, eps=s.eps)

    def forward(self, x):
        s = self.s
        B, T, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(B, T, s.heads, s.head_dim)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(B, T, s.kv_heads, s.head_dim)).transpose(1, 2)
        v = self.v_proj(x).view(B, T, s.kv_heads, s.head_dim).transpose(1, 2)
        i = torch.arange(T)
        mask = (i[None] <= i[:, None]) & (i[None] > i[:, None] - s.window)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=1.0, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(B, T, -1))


class Layer(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(s.width, eps=s.eps)
        self.self_attn = Attention(s)
        self.post_attention_layernorm = nn.RMSNorm(s.width, eps=s.eps)
        self.pre_feedforward_layernorm = nn.RMSNorm(s.width, eps=s.eps)
        self.mlp = nn.ModuleDict(
            {
                "gate_proj": nn.Linear(s.width, s.ffn, bias=False),
                "up_proj": nn.Linear(s.width, s.ffn, bias=False),
                "down_proj": nn.Linear(s.ffn, s.width, bias=False),
            }
        )
        self.post_feedforward_layernorm = nn.RMSNorm(s.width, eps=s.eps)

    def forward(self, x):
        x = x + self.post_attention_layernorm(self.self_attn(self.input_layernorm(x)))
        h = self.pre_feedforward_layernorm(x)
        m = self.mlp["down_proj"](
            F.gelu(self.mlp["gate_proj"](h), approximate="tanh") * self.mlp["up_proj"](h)
        )
        return x + self.post_feedforward_layernorm(m)


class Gemma4Text(nn.Module):
    def __init__(self, s=S):
        super().__init__()
        self.scale = math.sqrt(s.width)
        self.embed_tokens = nn.Embedding(s.vocab, s.width)
        self.layers = nn.ModuleList(Layer(s) for _ in range(s.depth))
        self.norm = nn.RMSNorm(s.width, eps=s.eps)

    def forward(self, ids):
        x = self.embed_tokens(ids) * self.scale
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
