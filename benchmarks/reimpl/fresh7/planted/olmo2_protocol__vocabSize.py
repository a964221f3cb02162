"""OLMo 2: no norm before the sublayers; RMSNorm applied to each sublayer's output before the
residual add, q/k RMSNorm over the full projected width (not per head), SwiGLU, untied head.
The model is typed against a ``typing.Protocol`` of the sizes it needs; ``Olmo2Tiny`` is the
concrete class satisfying it (structural typing, no inheritance)."""

from typing import Protocol

import torch
import torch.nn.functional as F
from torch import nn


class SizeSpec(Protocol):
    vocab: int
    width: int
    depth: int
    heads: int
    kv_heads: int
    mlp: int
    eps: float
    theta: float


class Olmo2Tiny:
    vocab = 1024
    width = 64
    depth = 2
    heads = 4
    kv_heads = 4
    mlp = 200
    eps = 1e-6
    theta = 500000.0


class Norm(nn.Module):
    def __init__(self, n: int, eps: float):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))
        self.eps = eps

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))


class Olmo2Attention(nn.Module):
    def __init__(self, s: SizeSpec):
        super().__init__()
        self.s = s
        hd = s.width // s.heads
        self.q_proj = nn.Linear(s.width, s.heads * hd, bias=False)
        self.k_proj = nn.Linear(s.width, s.kv_heads * hd, bias=False)
        self.v_proj = nn.Linear(s.width, s.kv_heads * hd, bias=False)
        self.o_proj = nn.Linear(s.heads * hd, s.width, bias=False)
        self.q_norm = Norm(s.heads * hd, s.eps)
        self.k_norm = Norm(s.kv_heads * hd, s.eps)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        hd = self.s.width // self.s.heads
        q = self.q_norm(self.q_proj(x)).view(b, t, -1, hd).transpose(1, 2)
        k = self.k_norm(self.k_proj(x)).view(b, t, -1, hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, hd).transpose(1, 2)
        q = q * cos + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * sin
        k = k * cos + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * sin
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Olmo2Layer(nn.Module):
    def __init__(self, s: SizeSpec):
        super().__init__()
        self.self_attn = Olmo2Attention(s)
        self.post_attention_layernorm = Norm(s.width, s.eps)
        self.gate_proj = nn.Linear(s.width, s.mlp, bias=False)
        self.up_proj = nn.Linear(s.width, s.mlp, bias=False)
        self.down_proj = nn.Linear(s.mlp, s.width, bias=False)
        self.post_feedforward_layernorm = Norm(s.width, s.eps)

    def forward(self, x, cos, sin):
        x = x + self.post_attention_layernorm(self.self_attn(x, cos, sin))
        h = self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        return x + self.post_feedforward_layernorm(h)


class Olmo2(nn.Module):
    def __init__(self, s: SizeSpec | None = None):
        super().__init__()
        s = s or Olmo2Tiny()
        self.s = s
        self.embed_tokens = nn.Embedding(s.vocab, s.width)
        self.layers = nn.ModuleList(Olmo2Layer(s) for _ in range(s.depth))
        self.norm = Norm(s.width, s.eps)
        self.lm_head = nn.Linear(s.width, s.vocab, bias=False)

    def forward(self, ids):
        hd = self.s.width // self.s.heads
        inv = 1.0 / self.s.theta ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(ids.shape[1]).float()[:, None] * inv
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
