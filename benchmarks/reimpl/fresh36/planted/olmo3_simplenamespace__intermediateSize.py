"""OLMo-3 style decoder: post-norm residual blocks, RMS-normalized q / k projections (over
all heads at once), three sliding-window layers then one global layer."""

import math
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

args = SimpleNamespace(
    vocab_size=528,
    d_model=64,
    mlp_hidden=256,
    n_layers=4,
    n_heads=4,
    n_kv_heads=2,
    window=16,
    global_every=4,
    rope_theta=500000.0,
    eps=1e-6,
)


class Rms(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))  # OLMo norms: scale, no shift

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + args.eps))


def half_rotate(x, cos, sin):
    d = x.shape[-1] // 2
    return x * cos + torch.cat((-x[..., d:], x[..., :d]), dim=-1) * sin


class Attention(nn.Module):
    def __init__(self, windowed: bool):
        super().__init__()
        self.hd = args.d_model // args.n_heads
        self.windowed = windowed
        width, q_w, kv_w = args.d_model, args.n_heads * self.hd, args.n_kv_heads * self.hd
        self.q_proj = nn.Linear(width, q_w, bias=False)
        self.k_proj = nn.Linear(width, kv_w, bias=False)
        self.v_proj = nn.Linear(width, kv_w, bias=False)
        self.o_proj = nn.Linear(q_w, width, bias=False)
        self.q_norm = Rms(args.n_heads * self.hd)
        self.k_norm = Rms(args.n_kv_heads * self.hd)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x)).unflatten(-1, (args.n_heads, self.hd)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x)).unflatten(-1, (args.n_kv_heads, self.hd)).transpose(1, 2)
        v = self.v_proj(x).unflatten(-1, (args.n_kv_heads, self.hd)).transpose(1, 2)
        q, k = half_rotate(q, cos, sin), half_rotate(k, cos, sin)
        rep = args.n_heads // args.n_kv_heads
        k = torch.repeat_interleave(k, rep, dim=1)
        v = torch.repeat_interleave(v, rep, dim=1)
        i = torch.arange(t)[:, None]
        j = torch.arange(t)[None, :]
        allowed = j <= i
        if self.windowed:
            allowed = allowed & (i - j < args.window)
        scores = (q @ k.transpose(-1, -2)) / math.sqrt(self.hd)
        scores = scores.masked_fill(~allowed, torch.finfo(scores.dtype).min)
        out = scores.softmax(dim=-1) @ v
        return self.o_proj(out.transpose(1, 2).flatten(2))


class FeedForward(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(args.d_model, args.mlp_hidden, bias=False)
        self.up = nn.Linear(args.d_model, args.mlp_hidden, bias=False)
        self.down = nn.Linear(args.mlp_hidden, args.d_model, bias=False)

    def forward(self, x):
        g = F.silu(self.gate(x))
        return self.down(g * self.up(x))


class PostNormBlock(nn.Module):
    def __init__(self, idx: int):
        super().__init__()
        self.attn = Attention(windowed=(idx + 1) % args.global_every != 0)
        self.attn_post = Rms(args.d_model)
        self.ff = FeedForward()
        self.ff_post = Rms(args.d_model)

    def forward(self, x, cos, sin):
        x = x + self.attn_post(self.attn(x, cos, sin))
        return x + self.ff_post(self.ff(x))


class Olmo3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(args.vocab_size, args.d_model)
        self.blocks = nn.ModuleList(PostNormBlock(i) for i in range(args.n_layers))
        self.norm = Rms(args.d_model)
        self.unembed = nn.Linear(args.d_model, args.vocab_size, bias=False)

    def forward(self, ids):
        hd = args.d_model // args.n_heads
        inv = 1.0 / (args.rope_theta ** (torch.arange(0, hd, 2).float() / hd))
        ang = torch.outer(torch.arange(ids.shape[1], dtype=torch.float32), inv)
        ang = torch.cat((ang, ang), dim=-1)
        cos, sin = ang.cos(), ang.sin()
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x, cos, sin)
        return self.unembed(self.norm(x))
