"""Llama 3 style: each layer an nn.ModuleDict of its projections, heads split with
einops.rearrange, GQA with einops.repeat, a hand-written RMSNorm with a weight named scale."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from einops import rearrange, repeat

D_MODEL = 64
N_LAYERS = 3
N_HEADS = 8
N_KV_HEADS = 4
FFN_DIM = 176
VOCAB = 1000
NORM_EPS = 1e-5
ROPE_BASE = 500000.0
MAX_LEN = 256


class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.eps = eps
        self.scale = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.scale * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


def layer_modules(d, heads, kv_heads, ffn, eps):
    hd = d // heads
    return nn.ModuleDict(
        {
            "attn_norm": RMSNorm(d, eps),
            "q": nn.Linear(d, heads * hd, bias=False),
            "k": nn.Linear(d, kv_heads * hd, bias=False),
            "v": nn.Linear(d, kv_heads * hd, bias=False),
            "o": nn.Linear(heads * hd, d, bias=False),
            "mlp_norm": RMSNorm(d, eps),
            "gate": nn.Linear(d, ffn, bias=False),
            "up": nn.Linear(d, ffn, bias=False),
            "down": nn.Linear(ffn, d, bias=False),
        }
    )


class Llama(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D_MODEL)
        self.layers = nn.ModuleList(
            [layer_modules(D_MODEL, N_HEADS, N_KV_HEADS, FFN_DIM, NORM_EPS) for _ in range(N_LAYERS)]
        )
        self.norm = RMSNorm(D_MODEL, NORM_EPS)
        self.lm_head = nn.Linear(D_MODEL, VOCAB, bias=False)
        hd = D_MODEL // N_HEADS
        inv = 1.0 / (ROPE_BASE ** (torch.arange(0, hd, 2).float() / hd))
        ang = torch.outer(torch.arange(MAX_LEN).float(), inv)
        self.register_buffer("cos", torch.cat([ang, ang], -1).cos(), persistent=False)
        self.register_buffer("sin", torch.cat([ang, ang], -1).sin(), persistent=False)

    def rope(self, x):
        t, d = x.shape[-2], x.shape[-1]
        x1, x2 = x[..., : d // 2], x[..., d // 2 :]
        return x * self.cos[:t] + torch.cat([-x2, x1], -1) * self.sin[:t]

    def forward(self, ids):
        x = self.embed(ids)
        for m in self.layers:
            h = m["attn_norm"](x)
            q = rearrange(m["q"](h), "b t (h d) -> b h t d", h=N_HEADS)
            k = rearrange(m["k"](h), "b t (h d) -> b h t d", h=N_KV_HEADS)
            v = rearrange(m["v"](h), "b t (h d) -> b h t d", h=N_KV_HEADS)
            q, k = self.rope(q), self.rope(k)
            k = repeat(k, "b h t d -> b (h g) t d", g=N_HEADS // N_KV_HEADS)
            v = repeat(v, "b h t d -> b (h g) t d", g=N_HEADS // N_KV_HEADS)
            a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + m["o"](rearrange(a, "b h t d -> b t (h d)"))
            h = m["mlp_norm"](x)
            x = x + m["down"](F.silu(m["gate"](h)) * m["up"](h))
        return self.lm_head(self.norm(x))
