"""Phi-3 with its fused projections held as 2-d parameters and cut by ``torch.split`` on the row
counts computed from a small ``Shape`` class of class attributes; a ``__init__`` that takes no
config at all."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Shape:
    vocab = 448
    width = 64
    depth = 2
    heads = 4
    kv_heads = 2
    ffn = 160
    theta = 10000.0
    eps = 1e-5


def rms(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + Shape.eps)


class Phi3Block(nn.Module):
    def __init__(self):
        super().__init__()
        hd = Shape.width // Shape.heads
        self.rows = [Shape.heads * hd, Shape.kv_heads * hd, Shape.kv_heads * hd]
        self.ln_attn = nn.Parameter(torch.ones(Shape.width))
        self.w_qkv = nn.Parameter(torch.randn(sum(self.rows), Shape.width) * 0.02)
        self.w_out = nn.Parameter(torch.randn(Shape.width, Shape.heads * hd) * 0.02)
        self.ln_mlp = nn.Parameter(torch.ones(Shape.width))
        self.w_gate_up = nn.Parameter(torch.randn(2 * Shape.ffn, Shape.width) * 0.02)
        self.w_down = nn.Parameter(torch.randn(Shape.width, Shape.ffn) * 0.02)

    def forward(self, x, cos, sin):
        B, T, _ = x.shape
        hd = Shape.width // Shape.heads
        wq, wk, wv = torch.split(self.w_qkv, self.rows)
        h = rms(x, self.ln_attn)

        def heads(w, n):
            return F.linear(h, w).view(B, T, n, hd).transpose(1, 2)

        def rot(t):
            return t * cos + torch.cat([-t[..., hd // 2 :], t[..., : hd // 2]], -1) * sin

        q, k, v = (
            rot(heads(wq, Shape.heads)),
            rot(heads(wk, Shape.kv_heads)),
            heads(wv, Shape.kv_heads),
        )
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + F.linear(o.transpose(1, 2).reshape(B, T, -1), self.w_out)
        gate, up = torch.split(F.linear(rms(x, self.ln_mlp), self.w_gate_up), Shape.ffn, -1)
        return x + F.linear(F.silu(gate) * up, self.w_down)


class Phi3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(Shape.vocab, Shape.width)
        self.blocks = nn.ModuleList(Phi3Block() for _ in range(Shape.depth))
        self.ln_f = nn.Parameter(torch.ones(Shape.width))
        self.out = nn.Parameter(torch.randn(Shape.vocab, Shape.width) * 0.02)

    def forward(self, ids):
        hd = Shape.width // Shape.heads
        inv = 1.0 / Shape.theta ** (torch.arange(0, hd, 2).float() / hd)
        a = torch.arange(ids.shape[1]).float()[:, None] * inv
        a = torch.cat([a, a], -1)
        x = self.embed(ids)
        for b in self.blocks:
            x = b(x, a.cos(), a.sin())
        return F.linear(rms(x, self.ln_f), self.out)
