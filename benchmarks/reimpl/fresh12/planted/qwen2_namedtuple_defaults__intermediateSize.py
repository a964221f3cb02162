"""A Qwen2 decoder configured by a ``collections.namedtuple`` whose fields all have defaults."""

from collections import namedtuple

import torch
import torch.nn as nn
import torch.nn.functional as F

Cfg = namedtuple(
    "Cfg",
    ["vocab", "dim", "layers", "heads", "kv_heads", "ffn", "eps", "theta"],
    defaults=[640, 64, 3, 4, 2, 256, 1e-6, 1e6],
)
C = Cfg()


class Attn(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.hd = c.dim // c.heads
        self.c = c
        self.qkv = nn.ModuleDict(
            {
                "q": nn.Linear(c.dim, c.heads * self.hd),
                "k": nn.Linear(c.dim, c.kv_heads * self.hd),
                "v": nn.Linear(c.dim, c.kv_heads * self.hd),
            }
        )
        self.out = nn.Linear(c.heads * self.hd, c.dim, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        hd = self.hd
        inv = 1.0 / self.c.theta ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)

        def split(name, n):
            y = self.qkv[name](x).view(b, t, n, hd).transpose(1, 2)
            if name == "v":
                return y
            return (
                y * ang.cos() + torch.cat([-y[..., hd // 2 :], y[..., : hd // 2]], -1) * ang.sin()
            )

        q, k, v = split("q", self.c.heads), split("k", self.c.kv_heads), split("v", self.c.kv_heads)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.out(o.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.n1, self.attn = nn.RMSNorm(c.dim, eps=c.eps), Attn(c)
        self.n2 = nn.RMSNorm(c.dim, eps=c.eps)
        self.gate = nn.Linear(c.dim, c.ffn, bias=False)
        self.up = nn.Linear(c.dim, c.ffn, bias=False)
        self.down = nn.Linear(c.ffn, c.dim, bias=False)

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Qwen2LM(nn.Module):
    def __init__(self, c=C):
        super().__init__()
        self.emb = nn.Embedding(c.vocab, c.dim)
        self.layers = nn.ModuleList(Layer(c) for _ in range(c.layers))
        self.norm = nn.RMSNorm(c.dim, eps=c.eps)
        self.head = nn.Linear(c.dim, c.vocab, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
