"""Granite-MoE with a shared expert (GraniteMoeShared), written from IBM's description: muP-style
multipliers on the embedding, the attention scores, each residual branch and the logits; a
top-k router whose chosen logits are softmaxed; experts kept as one fused ``[E, 2F, D]`` input
matrix (gate rows first) and a ``[E, D, F]`` output matrix; a shared gated MLP added to every
token. The sizes are a ``typing.TypedDict``."""

from typing import TypedDict

import torch
import torch.nn.functional as F
from torch import nn


class GraniteSizes(TypedDict):
    vocab: int
    hidden: int
    layers: int
    heads: int
    kv_heads: int
    experts: int
    top_k: int
    expert_ffn: int
    shared_ffn: int
    rope_theta: float
    eps: float
    embedding_multiplier: float
    attention_multiplier: float
    residual_multiplier: float
    logits_scaling: float


SIZES: GraniteSizes = {
    "vocab": 512,
    "hidden": 64,
    "layers": 2,
    "heads": 4,
    "kv_heads": 2,
    "experts": 4,
    "top_k": 2,
    "expert_ffn": 64,
    "shared_ffn": 96,
    "rope_theta": 10000.0,
    "eps": 1e-6,
    "embedding_multiplier": 12.0,
    "attention_multiplier": 0.015625,
    "residual_multiplier": 0.22,
    "logits_scaling": 8.0,
}


class RMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(SIZES["hidden"]))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + SIZES["eps"])


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = SIZES["hidden"], SIZES["heads"], SIZES["kv_heads"]
        self.hd = d // h
        self.q_proj = nn.Linear(d, h * self.hd, bias=False)
        self.k_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.v_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.o_proj = nn.Linear(h * self.hd, d, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, self.hd).transpose(1, 2)
        half = self.hd // 2
        q = q * cos + torch.cat([-q[..., half:], q[..., :half]], -1) * sin
        k = k * cos + torch.cat([-k[..., half:], k[..., :half]], -1) * sin
        o = F.scaled_dot_product_attention(
            q, k, v, is_causal=True, scale=SIZES["attention_multiplier"], enable_gqa=True
        )
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class MoE(nn.Module):
    def __init__(self):
        super().__init__()
        d, e, f = SIZES["hidden"], SIZES["experts"], SIZES["expert_ffn"]
        self.router = nn.Linear(d, e, bias=False)
        self.input_linear = nn.Parameter(torch.randn(e, 2 * f, d) * 0.02)
        self.output_linear = nn.Parameter(torch.randn(e, d, f) * 0.02)

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        top, idx = self.router(flat).topk(SIZES["top_k"], -1)
        gates = top.softmax(-1)
        out = torch.zeros_like(flat)
        for slot in range(SIZES["top_k"]):
            w_in = self.input_linear[idx[:, slot]]  # [tokens, 2F, D]
            g, u = torch.einsum("nfd,nd->nf", w_in, flat).chunk(2, -1)
            h = torch.einsum("ndf,nf->nd", self.output_linear[idx[:, slot]], F.silu(g) * u)
            out = out + gates[:, slot, None] * h
        return out.view_as(x)


class SharedMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_linear = nn.Linear(SIZES["hidden"], 2 * SIZES["shared_ffn"], bias=False)
        self.output_linear = nn.Linear(SIZES["shared_ffn"], SIZES["hidden"], bias=False)

    def forward(self, x):
        g, u = self.input_linear(x).chunk(2, -1)
        return self.output_linear(F.silu(g) * u)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = RMSNorm()
        self.self_attn = Attention()
        self.post_attention_layernorm = RMSNorm()
        self.moe = MoE()
        self.shared_mlp = SharedMLP()

    def forward(self, x, cos, sin):
        r = SIZES["residual_multiplier"]
        x = x + r * self.self_attn(self.input_layernorm(x), cos, sin)
        h = self.post_attention_layernorm(x)
        return x + r * (self.moe(h) + self.shared_mlp(h))


class GraniteMoeShared(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(SIZES["vocab"], SIZES["hidden"])
        self.layers = nn.ModuleList([Layer() for _ in range(SIZES["layers"])])
        self.norm = RMSNorm()
        self.lm_head = nn.Linear(SIZES["hidden"], SIZES["vocab"], bias=False)

    def forward(self, ids):
        hd = SIZES["hidden"] // SIZES["heads"]
        inv = SIZES["rope_theta"] ** (-torch.arange(0, hd, 2, device=ids.device).float() / hd)
        ang = torch.arange(ids.shape[1], device=ids.device).float()[:, None] * inv
        cos, sin = ang.cos().repeat(1, 2), ang.sin().repeat(1, 2)
        x = self.embed_tokens(ids) * SIZES["embedding_multiplier"]
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x)) / SIZES["logits_scaling"]
