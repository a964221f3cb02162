"""ERNIE-4.5 MoE (A3B family) re-implementation: the first block dense, the rest routed
mixtures with shared experts and a selection bias on the router's probabilities.
Model card values are kept in an ``attrs`` class; the tiny run overrides them."""

import attrs
import torch
import torch.nn.functional as F
from torch import nn


@attrs.define
class ErnieMoEArgs:
    vocab: int = 103424
    width: int = 2560
    dense_ffn: int = 12288
    expert_ffn: int = 1536
    layers: int = 28
    q_heads: int = 20
    kv_heads: int = 4
    experts: int = 64
    top_k: int = 6
    shared: int = 2
    first_moe_layer: int = 1
    rope_theta: float = 500000.0
    rms_eps: float = 1e-5
    tied: bool = True


A = ErnieMoEArgs(
    vocab=624,
    width=64,
    dense_ffn=160,
    expert_ffn=32,
    layers=4,
    q_heads=4,
    kv_heads=2,
    experts=6,
    top_k=2,
    shared=1,
)


class RMS(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.w = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.w * x * torch.rsqrt(x.square().mean(-1, keepdim=True) + A.rms_eps)


def rotate_pairs(x, cos, sin):
    ev, od = x[..., ::2], x[..., 1::2]
    return torch.stack([ev * cos - od * sin, od * cos + ev * sin], dim=-1).flatten(-2)


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.dh = A.width // A.q_heads
        self.q = nn.Linear(A.width, A.q_heads * self.dh, bias=False)
        self.k = nn.Linear(A.width, A.kv_heads * self.dh, bias=False)
        self.v = nn.Linear(A.width, A.kv_heads * self.dh, bias=False)
        self.o = nn.Linear(A.q_heads * self.dh, A.width, bias=False)

    def forward(self, x, cos, sin):
        n, t, _ = x.shape
        q = rotate_pairs(self.q(x).view(n, t, A.q_heads, self.dh).transpose(1, 2), cos, sin)
        k = rotate_pairs(self.k(x).view(n, t, A.kv_heads, self.dh).transpose(1, 2), cos, sin)
        v = self.v(x).view(n, t, A.kv_heads, self.dh).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(y.transpose(1, 2).flatten(2))


class SwiGLU(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.gate = nn.Linear(A.width, hidden, bias=False)
        self.up = nn.Linear(A.width, hidden, bias=False)
        self.down = nn.Linear(hidden, A.width, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class RoutedFFN(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(A.width, A.experts, bias=False)
        self.select_bias = nn.Parameter(torch.zeros(1, A.experts), requires_grad=False)
        self.experts = nn.ModuleList(SwiGLU(A.expert_ffn) for _ in range(A.experts))
        self.shared = SwiGLU(A.expert_ffn * A.shared)

    def forward(self, x):
        probs = self.router(x).float().softmax(-1)
        _, pick = (probs + self.select_bias[0]).topk(A.top_k, dim=-1)
        w = probs.gather(-1, pick)
        w = w / w.sum(-1, keepdim=True).clamp(min=1e-12)
        mix = torch.zeros_like(probs).scatter(-1, pick, w)
        every = torch.stack([e(x) for e in self.experts], dim=-2)
        return (every * mix.unsqueeze(-1)).sum(-2) + self.shared(x)


class Layer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.pre_attn = RMS(A.width)
        self.attn = Attn()
        self.pre_ffn = RMS(A.width)
        self.ffn = RoutedFFN() if i >= A.first_moe_layer else SwiGLU(A.dense_ffn)

    def forward(self, x, cos, sin):
        x = x + self.attn(self.pre_attn(x), cos, sin)
        return x + self.ffn(self.pre_ffn(x))


class ErnieMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(A.vocab, A.width)
        self.layers = nn.ModuleList(Layer(i) for i in range(A.layers))
        self.norm = RMS(A.width)
        self.lm_head = nn.Linear(A.width, A.vocab, bias=False)
        if A.tied:
            self.lm_head.weight = self.embed.weight

    def forward(self, ids):
        dh = A.width // A.q_heads
        inv = A.rope_theta ** (-torch.arange(0, dh, 2, dtype=torch.float32) / dh)
        ang = torch.arange(ids.shape[-1], dtype=torch.float32)[:, None] * inv
        cos, sin = ang.cos(), ang.sin()
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
