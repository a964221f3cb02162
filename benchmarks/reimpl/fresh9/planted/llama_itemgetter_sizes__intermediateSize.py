"""Llama (tiny) whose sizes sit in one dict with short keys and are pulled out where needed
with ``operator.itemgetter`` (``heads, kv, dim = itemgetter("h", "kv", "d")(s)``), never by
attribute or by a named constant."""

from operator import itemgetter

import torch
import torch.nn.functional as F
from torch import nn

SIZES = {
    "v": 512,
    "d": 64,
    "l": 2,
    "h": 4,
    "kv": 2,
    "f": 256,
}
THETA = 10000.0
EPS = 1e-6


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


def apply_rope(x):
    t, hd = x.shape[-2], x.shape[-1]
    inv = THETA ** (-torch.arange(0, hd, 2, device=x.device).float() / hd)
    ang = torch.outer(torch.arange(t, device=x.device).float(), inv)
    cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()
    x1, x2 = x[..., : hd // 2], x[..., hd // 2 :]
    return x * cos + torch.cat([-x2, x1], -1) * sin


class Attention(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.h, self.kv, dim = itemgetter("h", "kv", "d")(s)
        self.hd = dim // self.h
        self.wq = nn.Linear(dim, self.h * self.hd, bias=False)
        self.wk = nn.Linear(dim, self.kv * self.hd, bias=False)
        self.wv = nn.Linear(dim, self.kv * self.hd, bias=False)
        self.wo = nn.Linear(self.h * self.hd, dim, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = apply_rope(self.wq(x).view(b, t, self.h, self.hd).transpose(1, 2))
        k = apply_rope(self.wk(x).view(b, t, self.kv, self.hd).transpose(1, 2))
        v = self.wv(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))


class FeedForward(nn.Module):
    def __init__(self, s):
        super().__init__()
        dim, hidden = itemgetter("d", "f")(s)
        self.w1 = nn.Linear(dim, hidden, bias=False)
        self.w3 = nn.Linear(dim, hidden, bias=False)
        self.w2 = nn.Linear(hidden, dim, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class TransformerBlock(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.attention_norm = RMSNorm(itemgetter("d")(s))
        self.attention = Attention(s)
        self.ffn_norm = RMSNorm(itemgetter("d")(s))
        self.feed_forward = FeedForward(s)

    def forward(self, x):
        x = x + self.attention(self.attention_norm(x))
        return x + self.feed_forward(self.ffn_norm(x))


class Llama(nn.Module):
    def __init__(self, s=SIZES):
        super().__init__()
        vocab, dim, n_layers = itemgetter("v", "d", "l")(s)
        self.tok_embeddings = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(TransformerBlock(s) for _ in range(n_layers))
        self.norm = RMSNorm(dim)
        self.output = nn.Linear(dim, vocab, bias=False)

    def forward(self, ids):
        h = self.tok_embeddings(ids)
        for layer in self.layers:
            h = layer(h)
        return self.output(self.norm(h))
