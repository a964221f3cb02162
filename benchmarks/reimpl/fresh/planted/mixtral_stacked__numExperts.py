"""Mixtral with the experts as stacked 3-d parameters ([E, F, D]) run by einsum over every
expert with a dense top-k routing matrix; the router an [E, D] parameter."""

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = dict(vocab=1000, dim=64, ffn=96, layers=2, heads=4, kv_heads=2, experts=8, top_k=2, eps=1e-5, theta=1000000.0)


class Norm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Experts(nn.Module):
    def __init__(self, dim, ffn, experts, top_k):
        super().__init__()
        self.top_k = top_k
        self.router = nn.Parameter(torch.randn(experts, dim) * 0.02)
        self.w1 = nn.Parameter(torch.randn(experts, ffn, dim) * 0.02)
        self.w3 = nn.Parameter(torch.randn(experts, ffn, dim) * 0.02)
        self.w2 = nn.Parameter(torch.randn(experts, dim, ffn) * 0.02)

    def forward(self, x):
        logits = x @ self.router.t()
        w, idx = logits.softmax(-1).topk(self.top_k, dim=-1)
        dense = torch.zeros_like(logits).scatter(-1, idx, w / w.sum(-1, keepdim=True))
        h = F.silu(torch.einsum("btd,efd->btef", x, self.w1)) * torch.einsum("btd,efd->btef", x, self.w3)
        y = torch.einsum("btef,edf->bted", h, self.w2)
        return (y * dense[..., None]).sum(-2)


class Attention(nn.Module):
    def __init__(self, dim, heads, kv_heads, theta):
        super().__init__()
        self.heads, self.kv_heads, self.hd = heads, kv_heads, dim // heads
        self.wq = nn.Linear(dim, dim, bias=False)
        self.wkv = nn.Linear(dim, 2 * kv_heads * self.hd, bias=False)
        self.wo = nn.Linear(dim, dim, bias=False)
        inv = 1.0 / (theta ** (torch.arange(0, self.hd, 2).float() / self.hd))
        self.register_buffer("inv_freq", inv, persistent=False)

    def rope(self, x):
        t, d = x.shape[-2], x.shape[-1]
        ang = torch.outer(torch.arange(t).float(), self.inv_freq)
        cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()
        return x * cos + torch.cat([-x[..., d // 2 :], x[..., : d // 2]], -1) * sin

    def forward(self, x):
        b, t, d = x.shape
        q = self.wq(x).view(b, t, self.heads, self.hd).transpose(1, 2)
        k, v = self.wkv(x).view(b, t, 2 * self.kv_heads, self.hd).transpose(1, 2).chunk(2, dim=1)
        q, k = self.rope(q), self.rope(k)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.wo(a.transpose(1, 2).reshape(b, t, d))


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.n1 = Norm(c["dim"], c["eps"])
        self.attn = Attention(c["dim"], c["heads"], c["kv_heads"], c["theta"])
        self.n2 = Norm(c["dim"], c["eps"])
        self.moe = Experts(c["dim"], c["ffn"], c["experts"], c["top_k"])

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.moe(self.n2(x))


class Mixtral(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.emb = nn.Embedding(c["vocab"], c["dim"])
        self.layers = nn.ModuleList([Layer(c) for _ in range(c["layers"])])
        self.norm = Norm(c["dim"], c["eps"])
        self.out = nn.Linear(c["dim"], c["vocab"], bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.out(self.norm(x))
