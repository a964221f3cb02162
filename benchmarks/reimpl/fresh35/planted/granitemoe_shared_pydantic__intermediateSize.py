"""Granite MoE with a shared expert (granite-3 style muP multipliers), validated by pydantic.

Routed experts are stacked tensors and computed densely for every token, then mixed with the
(sparse) top-k routing weights; the shared expert always runs beside them.
"""

import torch
import torch.nn.functional as F
from pydantic import BaseModel, Field
from torch import nn


class GraniteHParams(BaseModel):
    vocab_size: int = Field(49155, gt=0)
    d_model: int = 1024
    expert_ffn: int = 512
    shared_ffn: int = 1024
    layers: int = 24
    heads: int = 16
    kv_heads: int = 8
    experts: int = 32
    active: int = 8
    rope_base: float = 10000.0
    rms_eps: float = 1e-6
    embedding_multiplier: float = 12.0
    attention_multiplier: float = 0.015625
    residual_multiplier: float = 0.22
    logits_scaling: float = 6.0


HP = GraniteHParams(
    vocab_size=576,
    d_model=64,
    expert_ffn=64,
    shared_ffn=96,
    layers=2,
    heads=4,
    kv_heads=2,
    experts=4,
    active=2,
    attention_multiplier=0.125,
)


def rmsnorm(x, w):
    return w * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + HP.rms_eps))


class GQA(nn.Module):
    def __init__(self):
        super().__init__()
        hd = HP.d_model // HP.heads
        self.hd = hd
        self.to_q = nn.Linear(HP.d_model, HP.heads * hd, bias=False)
        self.to_k = nn.Linear(HP.d_model, HP.kv_heads * hd, bias=False)
        self.to_v = nn.Linear(HP.d_model, HP.kv_heads * hd, bias=False)
        self.to_out = nn.Linear(HP.heads * hd, HP.d_model, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.to_q(x).view(b, t, HP.heads, self.hd).transpose(1, 2)
        k = self.to_k(x).view(b, t, HP.kv_heads, self.hd).transpose(1, 2)
        v = self.to_v(x).view(b, t, HP.kv_heads, self.hd).transpose(1, 2)

        def spin(z):
            a, c = z.split(self.hd // 2, dim=-1)
            return z * cos + torch.cat((-c, a), -1) * sin

        q, k = spin(q), spin(k)
        o = F.scaled_dot_product_attention(
            q, k, v, is_causal=True, scale=HP.attention_multiplier, enable_gqa=True
        )
        return self.to_out(o.transpose(1, 2).reshape(b, t, -1))


class SharedAndRoutedFFN(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(HP.d_model, HP.experts, bias=False)
        self.w13 = nn.Parameter(torch.empty(HP.experts, 2 * HP.expert_ffn, HP.d_model))
        self.w2 = nn.Parameter(torch.empty(HP.experts, HP.d_model, HP.expert_ffn))
        self.shared_in = nn.Linear(HP.d_model, 2 * HP.shared_ffn, bias=False)
        self.shared_out = nn.Linear(HP.shared_ffn, HP.d_model, bias=False)

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        logits = self.gate(flat).float()
        top_val, top_idx = logits.topk(HP.active, dim=-1)
        mix = torch.zeros_like(logits).scatter(1, top_idx, top_val.softmax(-1)).to(x.dtype)
        h13 = torch.einsum("nd,efd->nef", flat, self.w13)
        g, u = h13.chunk(2, dim=-1)
        per_expert = torch.einsum("nef,edf->ned", F.silu(g) * u, self.w2)
        routed = torch.einsum("ne,ned->nd", mix, per_expert)
        sg, su = self.shared_in(flat).chunk(2, dim=-1)
        shared = self.shared_out(F.silu(sg) * su)
        return (routed + shared).view_as(x)


class GraniteLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm_1 = nn.Parameter(torch.ones(HP.d_model))
        self.attn = GQA()
        self.norm_2 = nn.Parameter(torch.ones(HP.d_model))
        self.moe = SharedAndRoutedFFN()

    def forward(self, x, cos, sin):
        x = x + HP.residual_multiplier * self.attn(rmsnorm(x, self.norm_1), cos, sin)
        return x + HP.residual_multiplier * self.moe(rmsnorm(x, self.norm_2))


class GraniteMoeSharedLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(HP.vocab_size, HP.d_model)
        self.layers = nn.ModuleList(GraniteLayer() for _ in range(HP.layers))
        self.norm_f = nn.Parameter(torch.ones(HP.d_model))
        self.unemb = nn.Linear(HP.d_model, HP.vocab_size, bias=False)

    def forward(self, ids):
        hd = HP.d_model // HP.heads
        inv = HP.rope_base ** (-torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(ids.shape[1]).float()[:, None] * inv
        ang = torch.cat((ang, ang), -1)
        cos, sin = ang.cos(), ang.sin()
        x = self.emb(ids) * HP.embedding_multiplier
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.unemb(rmsnorm(x, self.norm_f)) / HP.logits_scaling
