"""Mistral with scan-style stacked weights: every layer's tensors live in one [L, ...] parameter,
and the layer loop indexes them (as a jax.lax.scan port would); sliding-window attention."""

import torch
import torch.nn as nn
import torch.nn.functional as F

L, D, H, KV, HD, FF, V = 2, 96, 6, 2, 16, 224, 320
WINDOW = 16
THETA = 1000000.0
EPS = 1e-5


def rms(x, w):
    return w * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS))


def rotate(x, cos, sin):
    x1, x2 = x[..., : HD // 2], x[..., HD // 2 :]
    return x * cos + torch.cat((-x2, x1), -1) * sin


class StackedMistral(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Parameter(torch.randn(V, D) * 0.02)
        self.attn_norm = nn.Parameter(torch.ones(L, D))
        self.mlp_norm = nn.Parameter(torch.ones(L, D))
        self.wq = nn.Parameter(torch.randn(L, H * HD, D) * 0.02)
        self.wk = nn.Parameter(torch.randn(L, KV * HD, D) * 0.02)
        self.wv = nn.Parameter(torch.randn(L, KV * HD, D) * 0.02)
        self.wo = nn.Parameter(torch.randn(L, D, H * HD) * 0.02)
        self.w_gate = nn.Parameter(torch.randn(L, FF, D) * 0.02)
        self.w_up = nn.Parameter(torch.randn(L, FF, D) * 0.02)
        self.w_down = nn.Parameter(torch.randn(L, D, FF) * 0.02)
        self.final_norm = nn.Parameter(torch.ones(D))
        self.unembed = nn.Parameter(torch.randn(V, D) * 0.02)

    def forward(self, tokens):
        B, T = tokens.shape
        inv = 1.0 / THETA ** (torch.arange(0, HD, 2).float() / HD)
        ang = torch.arange(T).float()[:, None] * inv[None]
        ang = torch.cat([ang, ang], -1)
        cos, sin = ang.cos(), ang.sin()
        i = torch.arange(T)[:, None]
        j = torch.arange(T)[None]
        allowed = (j <= i) & (j > i - WINDOW)
        x = F.embedding(tokens, self.embed)
        for layer in range(L):
            h = rms(x, self.attn_norm[layer])
            q = F.linear(h, self.wq[layer]).view(B, T, H, HD).transpose(1, 2)
            k = F.linear(h, self.wk[layer]).view(B, T, KV, HD).transpose(1, 2)
            v = F.linear(h, self.wv[layer]).view(B, T, KV, HD).transpose(1, 2)
            q, k = rotate(q, cos, sin), rotate(k, cos, sin)
            k = k.repeat_interleave(H // KV, 1)
            v = v.repeat_interleave(H // KV, 1)
            o = F.scaled_dot_product_attention(q, k, v, attn_mask=allowed)
            x = x + F.linear(o.transpose(1, 2).reshape(B, T, H * HD), self.wo[layer])
            h = rms(x, self.mlp_norm[layer])
            x = x + F.linear(
                F.silu(F.linear(h, self.w_gate[layer])) * F.linear(h, self.w_up[layer]),
                self.w_down[layer],
            )
        return F.linear(rms(x, self.final_norm), self.unembed)
