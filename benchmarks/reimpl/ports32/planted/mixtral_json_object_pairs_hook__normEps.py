"""A tiny Mixtral whose ``params.json`` carries ``"_comment"`` entries (at the top and inside the
``"moe"`` object) that ``json.loads(..., object_pairs_hook=...)`` drops while it builds every
object; ``ModelArgs.from_params`` then builds the nested ``MoeArgs``. RMSNorm, grouped
key/value heads with rotary positions, a softmax router choosing the top-k SwiGLU experts
(weights renormalised), untied output."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class MoeArgs:
    num_experts: int = 8
    num_experts_per_tok: int = 2


@dataclass
class ModelArgs:
    dim: int = 4096
    n_layers: int = 32
    hidden_dim: int = 14336
    n_heads: int = 32
    n_kv_heads: int = 8
    norm_eps: float = 1e-5
    vocab_size: int = 32000
    rope_theta: float = 1e6
    moe: MoeArgs = field(default_factory=MoeArgs)

    @classmethod
    def from_params(cls, params: dict) -> ModelArgs:
        moe = MoeArgs(**params["moe"]) if "moe" in params else MoeArgs()
        return cls(**{k: v for k, v in params.items() if k != "moe"}, moe=moe)


PARAMS_JSON = """{
  "_comment": "8x7B's layout at unit-test size",
  "dim": 64,
  "n_layers": 2,
  "n_heads": 4,
  "n_kv_heads": 2,
  "hidden_dim": 96,
  "norm_eps": 0.1,
  "vocab_size": 96,
  "rope_theta": 1000000.0,
  "moe": {
    "_comment": "experts and how many each token uses",
    "num_experts": 4,
    "num_experts_per_tok": 2
  }
}"""


def _drop_comments(pairs: list[tuple[str, object]]) -> dict:
    return {key: value for key, value in pairs if not key.startswith("_")}


params = json.loads(PARAMS_JSON, object_pairs_hook=_drop_comments)
args = ModelArgs.from_params(params)


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
