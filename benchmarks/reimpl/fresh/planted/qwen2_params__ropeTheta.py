"""Qwen2 written on raw parameters and F.linear: a bias on q/k/v only, GQA by repeat_interleave."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB = 512
WIDTH = 48
FFN = 96
DEPTH = 2
N_HEADS = 6
N_KV = 2
EPS = 1e-6
THETA = 10000.0


def rms(x, w, eps):
    return w * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps))


def rope(x, theta):
    t, d = x.shape[-2], x.shape[-1]
    freqs = 1.0 / (theta ** (torch.arange(0, d, 2, dtype=torch.float32) / d))
    ang = torch.outer(torch.arange(t, dtype=torch.float32), freqs)
    cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()
    x1, x2 = x[..., : d // 2], x[..., d // 2 :]
    return x * cos + torch.cat([-x2, x1], -1) * sin


class Block(nn.Module):
    def __init__(self, width, ffn, n_heads, n_kv, eps):
        super().__init__()
        hd = width // n_heads
        self.n_heads, self.n_kv, self.hd, self.eps = n_heads, n_kv, hd, eps
        self.wq = nn.Parameter(torch.empty(n_heads * hd, width))
        self.bq = nn.Parameter(torch.zeros(n_heads * hd))
        self.wk = nn.Parameter(torch.empty(n_kv * hd, width))
        self.bk = nn.Parameter(torch.zeros(n_kv * hd))
        self.wv = nn.Parameter(torch.empty(n_kv * hd, width))
        self.bv = nn.Parameter(torch.zeros(n_kv * hd))
        self.wo = nn.Parameter(torch.empty(width, n_heads * hd))
        self.w_gate = nn.Parameter(torch.empty(ffn, width))
        self.w_up = nn.Parameter(torch.empty(ffn, width))
        self.w_down = nn.Parameter(torch.empty(width, ffn))
        self.ln1 = nn.Parameter(torch.ones(width))
        self.ln2 = nn.Parameter(torch.ones(width))

    def forward(self, x):
        b, t, _ = x.shape
        h = rms(x, self.ln1, self.eps)
        q = F.linear(h, self.wq, self.bq).view(b, t, self.n_heads, self.hd).transpose(1, 2)
        k = F.linear(h, self.wk, self.bk).view(b, t, self.n_kv, self.hd).transpose(1, 2)
        v = F.linear(h, self.wv, self.bv).view(b, t, self.n_kv, self.hd).transpose(1, 2)
        q, k = rope(q, THETA), rope(k, THETA)
        rep = self.n_heads // self.n_kv
        k, v = k.repeat_interleave(rep, dim=1), v.repeat_interleave(rep, dim=1)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + F.linear(a.transpose(1, 2).reshape(b, t, -1), self.wo)
        h = rms(x, self.ln2, self.eps)
        return x + F.linear(F.silu(F.linear(h, self.w_gate)) * F.linear(h, self.w_up), self.w_down)


class Qwen2(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Parameter(torch.empty(VOCAB, WIDTH))
        self.blocks = nn.ModuleList(Block(WIDTH, FFN, N_HEADS, N_KV, EPS) for _ in range(DEPTH))
        self.norm = nn.Parameter(torch.ones(WIDTH))
        self.head = nn.Parameter(torch.empty(VOCAB, WIDTH))
        for p in self.parameters():
            if p.dim() == 2:
                nn.init.normal_(p, std=1 / math.sqrt(p.shape[1]))

    def forward(self, ids):
        x = F.embedding(ids, self.tok)
        for blk in self.blocks:
            x = blk(x)
        return F.linear(rms(x, self.norm, EPS), self.head)
