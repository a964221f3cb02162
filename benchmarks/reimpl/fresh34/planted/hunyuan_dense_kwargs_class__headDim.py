"""Hunyuan dense (v1) decoder re-implemented for a tiny sanity run.

``HunyuanArgs`` carries the 7B release's sizes as keyword defaults; the run passes its own.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F


class HunyuanArgs:
    def __init__(
        self,
        vocab_size=290943,
        dim=4096,
        ffn_dim=11008,
        n_layers=32,
        n_heads=32,
        n_kv_heads=8,
        head_dim=128,
        rope_theta=500000.0,
        rms_eps=1e-5,
    ):
        self.vocab_size = vocab_size
        self.dim = dim
        self.ffn_dim = ffn_dim
        self.n_layers = n_layers
        self.n_heads = n_heads
        self.n_kv_heads = n_kv_heads
        self.head_dim = head_dim
        self.rope_theta = rope_theta
        self.rms_eps = rms_eps


ARGS = HunyuanArgs(
    vocab_size=700,
    dim=64,
    ffn_dim=192,
    n_layers=2,
    n_heads=4,
    n_kv_heads=2,
    head_dim=32,
    rope_theta=10000.0,
)


class RMSNorm(nn.Module):
    def __init__(self, size, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(size))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rotary(x, pos, theta):
    half = x.shape[-1] // 2
    inv = 1.0 / (theta ** (torch.arange(half, device=x.device, dtype=torch.float32) / half))
    ang = pos[:, None].float() * inv[None, :]
    c, s = ang.cos(), ang.sin()
    a, b = x[..., :half], x[..., half:]
    return torch.cat((a * c - b * s, b * c + a * s), dim=-1)


class SelfAttention(nn.Module):
    def __init__(self, a: HunyuanArgs):
        super().__init__()
        self.h, self.kv, self.hd = a.n_heads, a.n_kv_heads, a.head_dim
        self.theta = a.rope_theta
        self.wq = nn.Linear(a.dim, self.h * self.hd, bias=False)
        self.wk = nn.Linear(a.dim, self.kv * self.hd, bias=False)
        self.wv = nn.Linear(a.dim, self.kv * self.hd, bias=False)
        self.wo = nn.Linear(self.h * self.hd, a.dim, bias=False)
        self.q_norm = RMSNorm(self.hd, a.rms_eps)
        self.k_norm = RMSNorm(self.hd, a.rms_eps)

    def split_heads(self, y, n):
        return y.view(*y.shape[:2], n, self.hd).transpose(1, 2)

    def forward(self, x):
        b, t, _ = x.shape
        pos = torch.arange(t, device=x.device)
        q = self.split_heads(self.wq(x), self.h)
        k = self.split_heads(self.wk(x), self.kv)
        v = self.split_heads(self.wv(x), self.kv)
        # Hunyuan normalises query and key per head after the rotation
        q = self.q_norm(rotary(q, pos, self.theta))
        k = self.k_norm(rotary(k, pos, self.theta))
        rep = self.h // self.kv
        k = k[:, :, None].expand(b, self.kv, rep, t, self.hd).reshape(b, self.h, t, self.hd)
        v = v[:, :, None].expand(b, self.kv, rep, t, self.hd).reshape(b, self.h, t, self.hd)
        ctx = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(ctx.transpose(1, 2).reshape(b, t, self.h * self.hd))


class FeedForward(nn.Module):
    def __init__(self, a: HunyuanArgs):
        super().__init__()
        self.w1 = nn.Linear(a.dim, a.ffn_dim, bias=False)
        self.w3 = nn.Linear(a.dim, a.ffn_dim, bias=False)
        self.w2 = nn.Linear(a.ffn_dim, a.dim, bias=False)

    def forward(self, x):
        gated = F.silu(self.w1(x)) * self.w3(x)
        return self.w2(gated)


class TransformerBlock(nn.Module):
    def __init__(self, a: HunyuanArgs):
        super().__init__()
        self.attention_norm = RMSNorm(a.dim, a.rms_eps)
        self.attention = SelfAttention(a)
        self.ffn_norm = RMSNorm(a.dim, a.rms_eps)
        self.feed_forward = FeedForward(a)

    def forward(self, x):
        y = x + self.attention(self.attention_norm(x))
        return y + self.feed_forward(self.ffn_norm(y))


class Hunyuan(nn.Module):
    def __init__(self, a: HunyuanArgs = ARGS):
        super().__init__()
        self.tok_embeddings = nn.Embedding(a.vocab_size, a.dim)
        self.layers = nn.ModuleList([TransformerBlock(a) for _ in range(a.n_layers)])
        self.norm = RMSNorm(a.dim, a.rms_eps)
        self.output = nn.Linear(a.dim, a.vocab_size, bias=False)

    def forward(self, tokens):
        h = self.tok_embeddings(tokens)
        for blk in self.layers:
            h = blk(h)
        return self.output(self.norm(h))
