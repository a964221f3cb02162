"""Llama whose sizes are class attributes set by a class decorator (``@sizes(...)``), and whose
per-layer weights live in one ``nn.ParameterList`` each, indexed by named slot constants."""

import torch
import torch.nn as nn
import torch.nn.functional as F

ATTN_NORM, WQ, WK, WV, WO, MLP_NORM, W_GATE, W_UP, W_DOWN = range(9)


def sizes(**kw):
    def deco(cls):
        for k, v in kw.items():
            setattr(cls, k, v)
        return cls

    return deco


def rms(x, w, eps):
    return w * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps))


@sizes(vocab=320, dim=64, n_layers=2, n_heads=4, n_kv=1, hidden=192, base=10000.0, eps=1e-5)
class Llama(nn.Module):
    def __init__(self):
        super().__init__()
        hd = self.dim // self.n_heads
        shapes = {
            ATTN_NORM: (self.dim,),
            WQ: (self.n_heads * hd, self.dim),
            WK: (self.n_kv * hd, self.dim),
            WV: (self.n_kv * hd, self.dim),
            WO: (self.dim, self.n_heads * hd),
            MLP_NORM: (self.dim,),
            W_GATE: (self.hidden, self.dim),
            W_UP: (self.hidden, self.dim),
            W_DOWN: (self.dim, self.hidden),
        }
        self.tok = nn.Embedding(self.vocab, self.dim)
        self.blocks = nn.ModuleList(
            nn.ParameterList(nn.Parameter(torch.randn(shapes[i]) * 0.02) for i in range(9))
            for _ in range(self.n_layers)
        )
        self.final = nn.Parameter(torch.ones(self.dim))

    def forward(self, ids):
        B, T = ids.shape
        hd = self.dim // self.n_heads
        inv = 1.0 / self.base ** (torch.arange(0, hd, 2).float() / hd)
        a = torch.arange(T).float()[:, None] * inv
        a = torch.cat([a, a], -1)

        def rot(t):
            return t * a.cos() + torch.cat([-t[..., hd // 2 :], t[..., : hd // 2]], -1) * a.sin()

        x = self.tok(ids)
        for p in self.blocks:
            h = rms(x, p[ATTN_NORM], self.eps)
            q = rot(F.linear(h, p[WQ]).view(B, T, self.n_heads, hd).transpose(1, 2))
            k = rot(F.linear(h, p[WK]).view(B, T, self.n_kv, hd).transpose(1, 2))
            v = F.linear(h, p[WV]).view(B, T, self.n_kv, hd).transpose(1, 2)
            o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
            x = x + F.linear(o.transpose(1, 2).reshape(B, T, -1), p[WO])
            h = rms(x, p[MLP_NORM], self.eps)
            x = x + F.linear(F.silu(F.linear(h, p[W_GATE])) * F.linear(h, p[W_UP]), p[W_DOWN])
        return rms(x, self.final, self.eps)
