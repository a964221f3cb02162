"""GPT-NeoX: parallel residual, partial rotary (a quarter of each head), a fused QKV laid out
per head, an MLP as an ordered nn.Sequential, an attention class built by inheritance."""

from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F


class SelfAttentionBase(nn.Module):
    def __init__(self, width, n_heads, bias=True):
        super().__init__()
        self.width, self.n_heads = width, n_heads
        self.head_size = width // n_heads
        self.query_key_value = nn.Linear(width, 3 * width, bias=bias)
        self.dense = nn.Linear(width, width, bias=bias)

    def split(self, x):
        b, t, _ = x.shape
        qkv = self.query_key_value(x).view(b, t, self.n_heads, 3 * self.head_size)
        return [y.transpose(1, 2) for y in qkv.chunk(3, dim=-1)]


class PartialRotaryAttention(SelfAttentionBase):
    def __init__(self, width, n_heads, rotary_pct, max_positions, base):
        super().__init__(width, n_heads)
        self.rot = int(self.head_size * rotary_pct)
        inv = 1.0 / (base ** (torch.arange(0, self.rot, 2).float() / self.rot))
        ang = torch.outer(torch.arange(max_positions).float(), inv)
        self.register_buffer("cos", torch.cat([ang, ang], -1).cos(), persistent=False)
        self.register_buffer("sin", torch.cat([ang, ang], -1).sin(), persistent=False)

    def rotate(self, x):
        t = x.shape[-2]
        xr, xp = x[..., : self.rot], x[..., self.rot :]
        h = self.rot // 2
        rot = torch.cat([-xr[..., h:], xr[..., :h]], -1)
        return torch.cat([xr * self.cos[:t] + rot * self.sin[:t], xp], -1)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.split(x)
        q, k = self.rotate(q), self.rotate(k)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.dense(a.transpose(1, 2).reshape(b, t, self.width))


class ParallelLayer(nn.Module):
    def __init__(self, width, n_heads, ffn, eps, rotary_pct, max_positions, base):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(width, eps=eps)
        self.post_attention_layernorm = nn.LayerNorm(width, eps=eps)
        self.attention = PartialRotaryAttention(width, n_heads, rotary_pct, max_positions, base)
        self.mlp = nn.Sequential(
            OrderedDict(
                [
                    ("dense_h_to_4h", nn.Linear(width, ffn)),
                    ("act", nn.GELU()),
                    ("dense_4h_to_h", nn.Linear(ffn, width)),
                ]
            )
        )

    def forward(self, x):
        return x + self.attention(self.input_layernorm(x)) + self.mlp(self.post_attention_layernorm(x))


class GPTNeoX(nn.Module):
    def __init__(self):
        super().__init__()
        width, n_heads, ffn, eps = 64, 4, 256, 1e-5
        self.embed_in = nn.Embedding(1000, width)
        self.layers = nn.ModuleList(
            [ParallelLayer(width, n_heads, ffn, eps, 0.25, 128, 10000.0) for _ in range(3)]
        )
        self.final_layer_norm = nn.LayerNorm(width, eps=eps)
        self.embed_out = nn.Linear(width, 1000, bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))
