"""Pix2Struct's text decoder (T5-style, gated GELU, cross-attention to the image encoder);
sizes are attributes of a plain class, read with getattr through a key list."""

import torch
from torch import nn


class Hyper:
    vocab_size = 384
    hidden = 64
    kv_dim = 16
    n_heads = 4
    ff = 128
    n_layers = 2
    rel_buckets = 32


V, D, DKV, H, FF, L, NB = (
    getattr(Hyper, k) for k in "vocab_size hidden kv_dim n_heads ff n_layers rel_buckets".split()
)


class RMS(nn.Module):
    def __init__(self):
        super().__init__()
        self.g = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.g * x * (x.pow(2).mean(-1, keepdim=True) + 1e-6).rsqrt()


class Attn(nn.Module):
    def __init__(self, rel=False):
        super().__init__()
        self.qkv = nn.Linear(D, 3 * H * DKV, bias=False)
        self.out = nn.Linear(H * DKV, D, bias=False)
        self.rel = nn.Embedding(NB, H) if rel else None

    def forward(self, x, mem=None):
        b, t, _ = x.shape
        if mem is None:
            q, k, v = self.qkv(x).chunk(3, -1)
        else:
            wq, wk, wv = self.qkv.weight.chunk(3, 0)
            q, k, v = x @ wq.T, mem @ wk.T, mem @ wv.T
        q, k, v = (z.view(b, z.shape[1], H, DKV).transpose(1, 2) for z in (q, k, v))
        s = q @ k.transpose(-1, -2)
        if self.rel is not None:
            d = (torch.arange(t)[:, None] - torch.arange(t)[None]).clamp(0, NB - 1)
            s = s + self.rel(d).permute(2, 0, 1)
        if mem is None:
            s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        return self.out((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.n1, self.self_attn = RMS(), Attn(rel=i == 0)
        self.n2, self.cross_attn = RMS(), Attn()
        self.n3 = RMS()
        self.wi_0, self.wi_1 = nn.Linear(D, FF, bias=False), nn.Linear(D, FF, bias=False)
        self.wo = nn.Linear(FF, D, bias=False)

    def forward(self, x, mem):
        x = x + self.self_attn(self.n1(x))
        x = x + self.cross_attn(self.n2(x), mem)
        h = self.n3(x)
        return x + self.wo(nn.functional.gelu(self.wi_0(h), approximate="tanh") * self.wi_1(h))


class Pix2StructText(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer(i) for i in range(L))
        self.final_norm = RMS()
        self.lm_head = nn.Linear(D, V, bias=False)

    def forward(self, ids, image_states):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x, image_states)
        return self.lm_head(self.final_norm(x))
