"""A tiny Mixtral in gpt-fast's style: a ``ModelArgs`` dataclass (gpt-fast's names:
``n_local_heads``, ``num_activated_experts``, ``rope_base``), a ``transformer_configs`` table
of named presets (Mixtral-8x7B's and the tiny run's) and ``ModelArgs.from_name`` matching the
checkpoint path against the preset names (the longest match wins). Four SwiGLU experts, two
routed per token (softmax, top-k, renormalised), grouped key/value heads, rotary positions,
RMSNorm, untied output."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class ModelArgs:
    block_size: int = 2048
    vocab_size: int = 32000
    n_layer: int = 32
    n_head: int = 32
    dim: int = 4096
    intermediate_size: int = 14336
    n_local_heads: int = -1
    rope_base: float = 10000
    norm_eps: float = 1e-5
    num_experts: int = 8
    num_activated_experts: int = 2

    def __post_init__(self) -> None:
        if self.n_local_heads == -1:
            self.n_local_heads = self.n_head

    @classmethod
    def from_name(cls, name: str) -> ModelArgs:
        if name in transformer_configs:
            return cls(**transformer_configs[name])
        config = [c for c in transformer_configs if c.lower() in str(name).lower()]
        assert len(config) >= 1, name
        config.sort(key=len, reverse=True)
        return cls(**transformer_configs[config[0]])


transformer_configs = {
    "Mixtral-8x7B-v0.1": dict(block_size=32768, n_layer=32, n_head=32, n_local_heads=8, dim=4096),
    "mixtral-tiny": dict(
        block_size=128,
        vocab_size=96,
        n_layer=2,
        n_head=4,
        n_local_heads=1,
        dim=64,
        intermediate_size=96,
        rope_base=1000000.0,
        norm_eps=1e-05,
        num_experts=4,
        num_activated_experts=2,
    ),
}
margs = ModelArgs.from_name("checkpoints/mistralai/mixtral-tiny/model.pth")
args = SimpleNamespace(
    dim=margs.dim,
    n_layers=margs.n_layer,
    hidden_dim=margs.intermediate_size,
    n_heads=margs.n_head,
    n_kv_heads=margs.n_local_heads,
    norm_eps=margs.norm_eps,
    vocab_size=margs.vocab_size,
    rope_theta=margs.rope_base,
    moe=SimpleNamespace(
        num_experts=margs.num_experts, num_experts_per_tok=margs.num_activated_experts
    ),
)


class RMSNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + args.norm_eps))


class Attention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d = args.dim
        self.h, self.kv = args.n_heads, args.n_kv_heads
        self.hd = d // self.h
        self.q = nn.Linear(d, self.h * self.hd, bias=False)
        self.k = nn.Linear(d, self.kv * self.hd, bias=False)
        self.v = nn.Linear(d, self.kv * self.hd, bias=False)
        self.o = nn.Linear(self.h * self.hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        inv = 1.0 / (args.rope_theta ** (torch.arange(0, self.hd, 2).float() / self.hd))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        cos, sin = ang.cos(), ang.sin()

        def rot(z):
            half = z.shape[-1] // 2
            return z * cos + torch.cat([-z[..., half:], z[..., :half]], -1) * sin

        q = rot(self.q(x).view(b, t, self.h, self.hd).transpose(1, 2))
        k = rot(self.k(x).view(b, t, self.kv, self.hd).transpose(1, 2))
        v = self.v(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        k = k.repeat_interleave(self.h // self.kv, 1)
        v = v.repeat_interleave(self.h // self.kv, 1)
        mask = torch.ones(t, t, dtype=torch.bool).tril()
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d, f = args.dim, args.hidden_dim
        self.gate = nn.Linear(d, f, bias=False)
        self.up = nn.Linear(d, f, bias=False)
        self.down = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class MoE(nn.Module):
    """Top-k routed SwiGLU experts, computed densely (every expert sees every token, and the
    routing weights zero the ones not chosen)."""

    def __init__(self) -> None:
        super().__init__()
        self.router = nn.Linear(args.dim, args.moe.num_experts, bias=False)
        self.experts = nn.ModuleList(MLP() for _ in range(args.moe.num_experts))

    def forward(self, x):
        probs = self.router(x).float().softmax(-1)
        top, idx = probs.topk(args.moe.num_experts_per_tok, -1)
        top = top / top.sum(-1, keepdim=True)
        weights = torch.zeros_like(probs).scatter(-1, idx, top).to(x.dtype)
        outs = torch.stack([e(x) for e in self.experts], -1)
        return (outs * weights.unsqueeze(-2)).sum(-1)


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.attn_norm = RMSNorm(args.dim)
        self.attn = Attention()
        self.mlp_norm = RMSNorm(args.dim)
        self.moe = MoE()

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.moe(self.mlp_norm(x))


class MixtralRegistry(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed = nn.Embedding(args.vocab_size, args.dim)
        self.layers = nn.ModuleList(Layer() for _ in range(args.n_layers))
        self.norm = RMSNorm(args.dim)
        self.head = nn.Linear(args.dim, args.vocab_size, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
