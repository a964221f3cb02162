"""Mistral: values in a typing.NamedTuple, torch's nn.RMSNorm, complex rotary by torch.polar,
a sliding-window causal mask built in forward, GQA by expand + reshape."""

from typing import NamedTuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class Hyper(NamedTuple):
    vocab: int = 800
    dim: int = 64
    ffn: int = 160
    layers: int = 2
    heads: int = 8
    kv_heads: int = 2
    head_dim: int = 8
    window: int = 32
    theta: float = 1000000.0
    eps: float = 1e-5
    context: int = 256


H = Hyper()


def freqs_cis(head_dim, n, theta):
    f = 1.0 / (theta ** (torch.arange(0, head_dim, 2).float() / head_dim))
    return torch.polar(torch.ones(n, head_dim // 2), torch.outer(torch.arange(n).float(), f))


def apply_rotary(x, fc):
    xc = torch.view_as_complex(x.float().reshape(*x.shape[:-1], -1, 2))
    return torch.view_as_real(xc * fc[: x.shape[1], None, :]).flatten(3).type_as(x)


class Attention(nn.Module):
    def __init__(self, h: Hyper):
        super().__init__()
        self.h = h
        self.wq = nn.Linear(h.dim, h.heads * h.head_dim, bias=False)
        self.wk = nn.Linear(h.dim, h.kv_heads * h.head_dim, bias=False)
        self.wv = nn.Linear(h.dim, h.kv_heads * h.head_dim, bias=False)
        self.wo = nn.Linear(h.heads * h.head_dim, h.dim, bias=False)

    def forward(self, x, fc):
        b, t, _ = x.shape
        h = self.h
        q = apply_rotary(self.wq(x).view(b, t, h.heads, h.head_dim), fc)
        k = apply_rotary(self.wk(x).view(b, t, h.kv_heads, h.head_dim), fc)
        v = self.wv(x).view(b, t, h.kv_heads, h.head_dim)
        g = h.heads // h.kv_heads
        k = k[:, :, :, None].expand(b, t, h.kv_heads, g, h.head_dim).reshape(b, t, h.heads, h.head_dim)
        v = v[:, :, :, None].expand(b, t, h.kv_heads, g, h.head_dim).reshape(b, t, h.heads, h.head_dim)
        i = torch.arange(t)
        mask = (i[None, :] <= i[:, None]) & (i[:, None] - i[None, :] < h.window)
        a = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), attn_mask=mask)
        return self.wo(a.transpose(1, 2).reshape(b, t, -1))


class FeedForward(nn.Module):
    def __init__(self, h: Hyper):
        super().__init__()
        self.w1 = nn.Linear(h.dim, h.ffn, bias=False)
        self.w2 = nn.Linear(h.ffn, h.dim, bias=False)
        self.w3 = nn.Linear(h.dim, h.ffn, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class TransformerBlock(nn.Module):
    def __init__(self, h: Hyper):
        super().__init__()
        self.attention = Attention(h)
        self.feed_forward = FeedForward(h)
        self.attention_norm = nn.RMSNorm(h.dim, eps=h.eps)
        self.ffn_norm = nn.RMSNorm(h.dim, eps=h.eps)

    def forward(self, x, fc):
        x = x + self.attention(self.attention_norm(x), fc)
        return x + self.feed_forward(self.ffn_norm(x))


class Mistral(nn.Module):
    def __init__(self, h: Hyper = H):
        super().__init__()
        self.tok_embeddings = nn.Embedding(h.vocab, h.dim)
        self.layers = nn.ModuleList([TransformerBlock(h) for _ in range(h.layers)])
        self.norm = nn.RMSNorm(h.dim, eps=h.eps)
        self.output = nn.Linear(h.dim, h.vocab, bias=False)
        self.register_buffer("fc", freqs_cis(h.head_dim, h.context, h.theta), persistent=False)

    def forward(self, ids):
        x = self.tok_embeddings(ids)
        for layer in self.layers:
            x = layer(x, self.fc)
        return self.output(self.norm(x))
