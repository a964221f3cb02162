"""Mixtral-style sparse MoE for a small research run: every expert is evaluated densely with one
einsum over stacked [experts, ...] weights, and the router's renormalised top-k probabilities are
scattered into a dense [tokens, experts] mixing matrix. Sizes are keyword defaults."""

import torch
import torch.nn.functional as F
from torch import nn


def rms_norm(x, w, eps=1e-5):
    return w * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps))


def apply_rope(x, theta):
    t, d = x.shape[-2], x.shape[-1]
    inv = 1.0 / theta ** (torch.arange(0, d, 2, dtype=torch.float32) / d)
    a = torch.outer(torch.arange(t, dtype=torch.float32), inv)
    a = torch.cat([a, a], -1)
    return x * a.cos() + torch.cat([-x[..., d // 2 :], x[..., : d // 2]], -1) * a.sin()


class SparseBlock(nn.Module):
    def __init__(self, dim, heads, kv_heads, n_experts, top_k, expert_hidden, theta):
        super().__init__()
        self.heads, self.kv_heads, self.top_k, self.theta = heads, kv_heads, top_k, theta
        hd = dim // heads
        self.ln_attn = nn.Parameter(torch.ones(dim))
        self.ln_moe = nn.Parameter(torch.ones(dim))
        self.q = nn.Linear(dim, heads * hd, bias=False)
        self.k = nn.Linear(dim, kv_heads * hd, bias=False)
        self.v = nn.Linear(dim, kv_heads * hd, bias=False)
        self.o = nn.Linear(heads * hd, dim, bias=False)
        self.router = nn.Linear(dim, n_experts, bias=False)
        self.w_in = nn.Parameter(torch.empty(n_experts, 2 * expert_hidden, dim).normal_(0, 0.02))
        self.w_out = nn.Parameter(torch.empty(n_experts, dim, expert_hidden).normal_(0, 0.02))

    def forward(self, x):
        b, t, d = x.shape
        y = rms_norm(x, self.ln_attn)
        q = apply_rope(self.q(y).view(b, t, self.heads, -1).transpose(1, 2), self.theta)
        k = apply_rope(self.k(y).view(b, t, self.kv_heads, -1).transpose(1, 2), self.theta)
        v = self.v(y).view(b, t, self.kv_heads, -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(o.transpose(1, 2).reshape(b, t, d))
        y = rms_norm(x, self.ln_moe)
        p = self.router(y).float().softmax(-1)
        top, idx = p.topk(self.top_k, -1)
        mix = torch.zeros_like(p).scatter(-1, idx, top / top.sum(-1, keepdim=True))
        gate, up = torch.einsum("btd,ehd->bteh", y, self.w_in).chunk(2, -1)
        out = torch.einsum("bteh,edh->bted", F.silu(gate) * up, self.w_out)
        return x + torch.einsum("bte,bted->btd", mix.to(y.dtype), out)


class TinyMixtral(nn.Module):
    def __init__(
        self,
        vocab=320,
        dim=64,
        n_layers=2,
        heads=4,
        kv_heads=2,
        n_experts=4,
        top_k=2,
        expert_hidden=96,
        theta=1000000.0,
    ):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(
            SparseBlock(dim, heads, kv_heads, n_experts, top_k, expert_hidden, theta)
            for _ in range(n_layers)
        )
        self.ln_f = nn.Parameter(torch.ones(dim))
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(rms_norm(x, self.ln_f))
