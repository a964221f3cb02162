"""Phi-3 with fused qkv and gate_up projections split by sizes computed in properties."""

import torch
import torch.nn.functional as F
from torch import nn


class Phi3Sizes:
    vocab = 320
    d_model = 64
    n_layer = 2
    n_head = 4
    n_kv_head = 2
    d_ff = 128
    rope_base = 10000.0

    @property
    def head_dim(self):
        return self.d_model // self.n_head

    @property
    def qkv_split(self):
        return [self.n_head * self.head_dim] + [self.n_kv_head * self.head_dim] * 2


S = Phi3Sizes()


class Phi3Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_norm = nn.Parameter(torch.ones(S.d_model))
        self.post_norm = nn.Parameter(torch.ones(S.d_model))
        self.qkv = nn.Linear(S.d_model, sum(S.qkv_split), bias=False)
        self.proj = nn.Linear(S.n_head * S.head_dim, S.d_model, bias=False)
        self.gate_up = nn.Linear(S.d_model, 2 * S.d_ff, bias=False)
        self.down = nn.Linear(S.d_ff, S.d_model, bias=False)

    @staticmethod
    def norm(x, w):
        return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q, k, v = self.qkv(self.norm(x, self.input_norm)).split(S.qkv_split, -1)
        q, k, v = (z.view(b, t, -1, S.head_dim).transpose(1, 2) for z in (q, k, v))
        half = S.head_dim // 2
        q = q * cos + torch.cat([-q[..., half:], q[..., :half]], -1) * sin
        k = k * cos + torch.cat([-k[..., half:], k[..., :half]], -1) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.proj(y.transpose(1, 2).reshape(b, t, -1))
        g, u = self.gate_up(self.norm(x, self.post_norm)).chunk(2, -1)
        return x + self.down(F.silu(g) * u)


class Phi3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(S.vocab, S.d_model)
        self.layers = nn.Sequential(*[Phi3Layer() for _ in range(S.n_layer)])
        self.norm_f = nn.Parameter(torch.ones(S.d_model))
        self.lm_head = nn.Linear(S.d_model, S.vocab, bias=False)

    def forward(self, ids):
        inv = 1.0 / S.rope_base ** (torch.arange(0, S.head_dim, 2).float() / S.head_dim)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        f = torch.cat([f, f], -1)
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x, f.cos(), f.sin())
        return self.lm_head(Phi3Layer.norm(x, self.norm_f))
