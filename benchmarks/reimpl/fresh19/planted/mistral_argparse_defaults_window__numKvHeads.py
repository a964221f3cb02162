"""Mistral from a training script: sizes are the argparse defaults (parse_args([]) in a notebook)."""

import argparse

import torch
import torch.nn.functional as F
from torch import nn

parser = argparse.ArgumentParser()
parser.add_argument("--vocab", type=int, default=320)
parser.add_argument("--dim", type=int, default=64)
parser.add_argument("--n-layers", type=int, default=2)
parser.add_argument("--n-heads", type=int, default=4)
parser.add_argument("--n-kv-heads", type=int, default=1)
parser.add_argument("--hidden-dim", type=int, default=160)
parser.add_argument("--window", type=int, default=16)
parser.add_argument("--rope-theta", type=float, default=1000000.0)
ARGS = parser.parse_args([])


def norm(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class Block(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.hd = a.dim // a.n_heads
        self.a = a
        self.attention_norm = nn.Parameter(torch.ones(a.dim))
        self.ffn_norm = nn.Parameter(torch.ones(a.dim))
        self.wq = nn.Linear(a.dim, a.n_heads * self.hd, bias=False)
        self.wkv = nn.ModuleList(
            nn.Linear(a.dim, a.n_kv_heads * self.hd, bias=False) for _ in range(2)
        )
        self.wo = nn.Linear(a.n_heads * self.hd, a.dim, bias=False)
        self.w1 = nn.Linear(a.dim, a.hidden_dim, bias=False)
        self.w2 = nn.Linear(a.hidden_dim, a.dim, bias=False)
        self.w3 = nn.Linear(a.dim, a.hidden_dim, bias=False)

    def forward(self, x, cos, sin, mask):
        b, t, _ = x.shape
        h = norm(x, self.attention_norm)
        q = self.wq(h).unflatten(-1, (self.a.n_heads, self.hd)).transpose(1, 2)
        k, v = (w(h).unflatten(-1, (self.a.n_kv_heads, self.hd)).transpose(1, 2) for w in self.wkv)

        def rope(z):
            z1, z2 = z.chunk(2, -1)
            return z * cos + torch.cat((-z2, z1), -1) * sin

        q, k = rope(q), rope(k)
        g = self.a.n_heads // self.a.n_kv_heads
        y = F.scaled_dot_product_attention(
            q, k.repeat_interleave(g, 1), v.repeat_interleave(g, 1), attn_mask=mask
        )
        x = x + self.wo(y.transpose(1, 2).flatten(2))
        h = norm(x, self.ffn_norm)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class Transformer(nn.Module):
    def __init__(self, a=ARGS):
        super().__init__()
        self.a = a
        self.tok_embeddings = nn.Embedding(a.vocab, a.dim)
        self.layers = nn.ModuleList(Block(a) for _ in range(a.n_layers))
        self.norm = nn.Parameter(torch.ones(a.dim))
        self.output = nn.Linear(a.dim, a.vocab, bias=False)

    def forward(self, ids):
        t = ids.shape[1]
        hd = self.a.dim // self.a.n_heads
        inv = 1.0 / self.a.rope_theta ** (torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(t).float()[:, None] * inv
        f = torch.cat([f, f], -1)
        i = torch.arange(t)
        d = i[:, None] - i[None, :]
        mask = (d >= 0) & (d < self.a.window)
        x = self.tok_embeddings(ids)
        for layer in self.layers:
            x = layer(x, f.cos(), f.sin(), mask)
        return self.output(norm(x, self.norm))
