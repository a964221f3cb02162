"""A Llama written with ``functools.partial`` layer factories (``Proj = partial(nn.Linear,
bias=False)``) and sizes given as keyword defaults of the model constructor."""

from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

Proj = partial(nn.Linear, bias=False)


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))


class Attention(nn.Module):
    def __init__(self, dim, n_heads, n_kv):
        super().__init__()
        self.n_heads, self.n_kv, self.hd = n_heads, n_kv, dim // n_heads
        self.q_proj = Proj(dim, n_heads * self.hd)
        self.k_proj = Proj(dim, n_kv * self.hd)
        self.v_proj = Proj(dim, n_kv * self.hd)
        self.o_proj = Proj(n_heads * self.hd, dim)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, self.n_heads, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, self.n_kv, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.n_kv, self.hd).transpose(1, 2)
        h = self.hd // 2
        q = q * cos + torch.cat((-q[..., h:], q[..., :h]), -1) * sin
        k = k * cos + torch.cat((-k[..., h:], k[..., :h]), -1) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.gate_proj, self.up_proj, self.down_proj = (
            Proj(dim, hidden),
            Proj(dim, hidden),
            Proj(hidden, dim),
        )

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class DecoderLayer(nn.Module):
    def __init__(self, dim, n_heads, n_kv, hidden, eps):
        super().__init__()
        self.self_attn = Attention(dim, n_heads, n_kv)
        self.mlp = MLP(dim, hidden)
        self.input_layernorm = RMSNorm(dim, eps)
        self.post_attention_layernorm = RMSNorm(dim, eps)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class Llama(nn.Module):
    def __init__(
        self,
        vocab_size=640,
        dim=64,
        n_layers=2,
        n_heads=4,
        n_kv_heads=4,
        hidden_dim=176,
        norm_eps=1e-5,
        rope_theta=500000.0,
    ):
        super().__init__()
        self.rope_theta, self.hd = rope_theta, dim // n_heads
        self.embed_tokens = nn.Embedding(vocab_size, dim)
        self.layers = nn.ModuleList(
            DecoderLayer(dim, n_heads, n_kv_heads, hidden_dim, norm_eps) for _ in range(n_layers)
        )
        self.norm = RMSNorm(dim, norm_eps)
        self.lm_head = Proj(dim, vocab_size)

    def forward(self, ids):
        inv = self.rope_theta ** (-torch.arange(0, self.hd, 2).float() / self.hd)
        a = torch.outer(torch.arange(ids.shape[1]).float(), inv).repeat(1, 2)
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, a.cos(), a.sin())
        return self.lm_head(self.norm(x))
