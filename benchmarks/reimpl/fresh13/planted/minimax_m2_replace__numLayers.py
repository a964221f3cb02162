"""MiniMax-M2-style sparse decoder: every layer routes to experts whose gate|up kernels are stored
stacked; the small config is the base one with dataclasses.replace."""

import dataclasses

import torch
import torch.nn.functional as F
from torch import nn


@dataclasses.dataclass(frozen=True)
class Base:
    vocab: int = 200064
    dim: int = 3072
    n_layers: int = 62
    n_heads: int = 48
    n_kv_heads: int = 8
    head_dim: int = 128
    expert_dim: int = 1536
    n_experts: int = 256
    top_k: int = 8
    eps: float = 1e-6


CFG = dataclasses.replace(
    Base(),
    vocab=512,
    dim=64,
    n_layers=3,
    n_heads=4,
    n_kv_heads=2,
    head_dim=16,
    expert_dim=32,
    n_experts=4,
    top_k=2,
)


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + CFG.eps)


class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        self.wq = nn.Linear(c.dim, c.n_heads * c.head_dim, bias=False)
        self.wk = nn.Linear(c.dim, c.n_kv_heads * c.head_dim, bias=False)
        self.wv = nn.Linear(c.dim, c.n_kv_heads * c.head_dim, bias=False)
        self.wo = nn.Linear(c.n_heads * c.head_dim, c.dim, bias=False)
        # q / k normed over all heads at once (not per head)
        self.q_norm = RMSNorm(c.n_heads * c.head_dim)
        self.k_norm = RMSNorm(c.n_kv_heads * c.head_dim)

    def forward(self, x):
        c, (b, t, _) = self.c, x.shape
        q = self.q_norm(self.wq(x)).view(b, t, c.n_heads, c.head_dim).transpose(1, 2)
        k = self.k_norm(self.wk(x)).view(b, t, c.n_kv_heads, c.head_dim).transpose(1, 2)
        v = self.wv(x).view(b, t, c.n_kv_heads, c.head_dim).transpose(1, 2)
        r = c.n_heads // c.n_kv_heads
        o = F.scaled_dot_product_attention(
            q, k.repeat_interleave(r, 1), v.repeat_interleave(r, 1), is_causal=True
        )
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))


class SparseMLP(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        self.router = nn.Linear(c.dim, c.n_experts, bias=False)
        self.w13 = nn.Parameter(torch.randn(c.n_experts, 2 * c.expert_dim, c.dim) * 0.02)
        self.w2 = nn.Parameter(torch.randn(c.n_experts, c.dim, c.expert_dim) * 0.02)

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        score = torch.sigmoid(self.router(flat))
        w, idx = score.topk(self.c.top_k, -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(flat)
        for e in range(self.c.n_experts):
            rows, slot = (idx == e).nonzero(as_tuple=True)
            if rows.numel():
                g, u = (flat[rows] @ self.w13[e].T).chunk(2, -1)
                out.index_add_(0, rows, (F.silu(g) * u) @ self.w2[e].T * w[rows, slot, None])
        return out.view_as(x)


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.attn_norm, self.attn = RMSNorm(c.dim), Attention(c)
        self.moe_norm, self.moe = RMSNorm(c.dim), SparseMLP(c)

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.moe(self.moe_norm(x))


class MiniMaxM2(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.embed = nn.Embedding(c.vocab, c.dim)
        self.layers = nn.ModuleList(Layer(c) for _ in range(c.n_layers))
        self.norm = RMSNorm(c.dim)
        self.output = nn.Linear(c.dim, c.vocab, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.output(self.norm(x))
