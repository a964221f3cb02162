"""A tiny Llama written from the paper: sizes as an IntEnum, layers attached with setattr."""

import enum

import torch
import torch.nn.functional as F
from torch import nn


class Size(enum.IntEnum):
    VOCAB = 384
    WIDTH = 64
    LAYERS = 2
    HEADS = 4
    KV_HEADS = 2
    FFN = 176


ROPE_BASE = 10000.0
EPS = 1e-05


def rms(x, w):
    return w * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS))


def rotate(x, cos, sin):
    a, b = x.chunk(2, -1)
    return x * cos + torch.cat([-b, a], -1) * sin


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        hd = Size.WIDTH // Size.HEADS
        self.attn_norm = nn.Parameter(torch.ones(Size.WIDTH))
        self.ffn_norm = nn.Parameter(torch.ones(Size.WIDTH))
        self.wq = nn.Linear(Size.WIDTH, Size.HEADS * hd, bias=False)
        self.wk = nn.Linear(Size.WIDTH, Size.KV_HEADS * hd, bias=False)
        self.wv = nn.Linear(Size.WIDTH, Size.KV_HEADS * hd, bias=False)
        self.wo = nn.Linear(Size.HEADS * hd, Size.WIDTH, bias=False)
        self.w_gate = nn.Linear(Size.WIDTH, Size.FFN, bias=False)
        self.w_up = nn.Linear(Size.WIDTH, Size.FFN, bias=False)
        self.w_down = nn.Linear(Size.FFN, Size.WIDTH, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        hd = Size.WIDTH // Size.HEADS
        h = rms(x, self.attn_norm)
        q = self.wq(h).view(b, t, -1, hd).transpose(1, 2)
        k = self.wk(h).view(b, t, -1, hd).transpose(1, 2)
        v = self.wv(h).view(b, t, -1, hd).transpose(1, 2)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        rep = Size.HEADS // Size.KV_HEADS
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.wo(a.transpose(1, 2).reshape(b, t, -1))
        h = rms(x, self.ffn_norm)
        return x + self.w_down(F.silu(self.w_gate(h)) * self.w_up(h))


class TinyLlama(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(Size.VOCAB, Size.WIDTH)
        for i in range(Size.LAYERS):
            setattr(self, f"layer_{i}", Layer())
        self.norm = nn.Parameter(torch.ones(Size.WIDTH))
        self.head = nn.Linear(Size.WIDTH, Size.VOCAB, bias=False)

    def forward(self, ids):
        hd = Size.WIDTH // Size.HEADS
        inv = 1.0 / ROPE_BASE ** (torch.arange(0, hd, 2).float() / hd)
        f = torch.outer(torch.arange(ids.shape[1]).float(), inv)
        f = torch.cat([f, f], -1)
        cos, sin = f.cos(), f.sin()
        x = self.tok(ids)
        for i in range(Size.LAYERS):
            x = getattr(self, f"layer_{i}")(x, cos, sin)
        return self.head(rms(x, self.norm))
