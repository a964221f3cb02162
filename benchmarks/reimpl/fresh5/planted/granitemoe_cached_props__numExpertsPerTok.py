"""Granite-MoE, its derived sizes as ``functools.cached_property`` on a settings class; the
experts are two stacked 3-D Parameters (``input_linear`` [E, 2*I, D] holding gate|up and
``output_linear`` [E, D, I]), routed by top-k over the logits then a softmax over the k.
Granite's four multipliers: embeddings, residual branches, attention scale, logits divisor."""

from functools import cached_property

import torch
import torch.nn.functional as F
from torch import nn


class Settings:
    vocab = 768
    d_model = 96
    layers = 2
    heads = 6
    kv_heads = 2
    expert_hidden = 64
    experts = 4
    active = 1
    theta = 10000.0
    eps = 1e-6
    embedding_multiplier = 12.0
    residual_multiplier = 0.22
    attention_multiplier = 0.015625
    logits_scaling = 6.0

    @cached_property
    def head_dim(self):
        return self.d_model // self.heads

    @cached_property
    def kv_width(self):
        return self.kv_heads * self.head_dim


S = Settings()


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + S.eps)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(S.d_model, S.d_model, bias=False)
        self.k_proj = nn.Linear(S.d_model, S.kv_width, bias=False)
        self.v_proj = nn.Linear(S.d_model, S.kv_width, bias=False)
        self.o_proj = nn.Linear(S.d_model, S.d_model, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        hd = S.head_dim
        q = self.q_proj(x).view(b, t, -1, hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, -1, hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, hd).transpose(1, 2)
        inv = 1.0 / S.theta ** (torch.arange(0, hd, 2).float() / hd)
        a = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat([a, a], -1).cos(), torch.cat([a, a], -1).sin()
        rot = lambda z: z * cos + torch.cat([-z[..., hd // 2 :], z[..., : hd // 2]], -1) * sin  # noqa: E731
        o = F.scaled_dot_product_attention(
            rot(q), rot(k), v, is_causal=True, enable_gqa=True, scale=S.attention_multiplier
        )
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class MoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(S.d_model, S.experts, bias=False)
        self.input_linear = nn.Parameter(torch.empty(S.experts, 2 * S.expert_hidden, S.d_model))
        self.output_linear = nn.Parameter(torch.empty(S.experts, S.d_model, S.expert_hidden))

    def forward(self, x):
        flat = x.reshape(-1, S.d_model)
        logits, idx = self.router(flat).topk(S.active, -1)
        w = logits.softmax(-1)
        out = torch.zeros_like(flat)
        for e in range(S.experts):
            tok, slot = torch.where(idx == e)
            gate, up = (flat[tok] @ self.input_linear[e].T).chunk(2, -1)
            y = (F.silu(gate) * up) @ self.output_linear[e].T
            out.index_add_(0, tok, y * w[tok, slot, None])
        return out.view_as(x)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = RMSNorm(S.d_model)
        self.self_attn = Attention()
        self.post_attention_layernorm = RMSNorm(S.d_model)
        self.moe = MoE()

    def forward(self, x):
        x = x + S.residual_multiplier * self.self_attn(self.input_layernorm(x))
        return x + S.residual_multiplier * self.moe(self.post_attention_layernorm(x))


class GraniteMoe(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(S.vocab, S.d_model)
        self.layers = nn.ModuleList(Layer() for _ in range(S.layers))
        self.norm = RMSNorm(S.d_model)

    def forward(self, ids):
        x = self.embed_tokens(ids) * S.embedding_multiplier
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.norm(x), self.embed_tokens.weight) / S.logits_scaling
