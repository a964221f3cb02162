"""BitNet b1.58 (full-precision shadow weights) for ablations.

A ``BitNetArgs`` dataclass holds the 2B release; the ablation run is ``replace(...)`` of it.
q/k/v are one fused projection; a sub-norm sits before each output projection; the FFN is a
squared-ReLU GLU.
"""

from dataclasses import dataclass, replace

import torch
import torch.nn as nn


@dataclass
class BitNetArgs:
    vocab: int = 128256
    d_model: int = 2560
    d_ffn: int = 6912
    n_layers: int = 30
    n_heads: int = 20
    n_kv_heads: int = 5
    rope_theta: float = 500000.0
    norm_eps: float = 0.1
    tie_embeddings: bool = False


ARGS = replace(
    BitNetArgs(),
    vocab=560,
    d_model=64,
    d_ffn=144,
    n_layers=2,
    n_heads=4,
    n_kv_heads=2,
    rope_theta=10000.0,
)


class SimpleRMSNorm(nn.Module):
    def __init__(self, n, eps=ARGS.norm_eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


def rotate(x, cos, sin):
    lo, hi = x.chunk(2, dim=-1)
    return x * cos + torch.cat([-hi, lo], dim=-1) * sin


class BitAttention(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.h, self.kv, self.dh = a.n_heads, a.n_kv_heads, a.d_model // a.n_heads
        self.wqkv = nn.Linear(a.d_model, (self.h + 2 * self.kv) * self.dh, bias=False)
        self.attn_sub_norm = SimpleRMSNorm(a.d_model)
        self.wo = nn.Linear(a.d_model, a.d_model, bias=False)

    def forward(self, x, cos, sin, bias):
        b, t, _ = x.shape
        fused = self.wqkv(x).view(b, t, self.h + 2 * self.kv, self.dh).transpose(1, 2)
        q, k, v = fused.split([self.h, self.kv, self.kv], dim=1)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        k = torch.repeat_interleave(k, self.h // self.kv, dim=1)
        v = torch.repeat_interleave(v, self.h // self.kv, dim=1)
        att = (q @ k.transpose(-1, -2)) * self.dh**-0.5 + bias
        ctx = att.softmax(dim=-1) @ v
        ctx = ctx.transpose(1, 2).reshape(b, t, self.h * self.dh)
        return self.wo(self.attn_sub_norm(ctx))


class BitFeedForward(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.w_gate = nn.Linear(a.d_model, a.d_ffn, bias=False)
        self.w_up = nn.Linear(a.d_model, a.d_ffn, bias=False)
        self.ffn_sub_norm = SimpleRMSNorm(a.d_ffn)
        self.w_down = nn.Linear(a.d_ffn, a.d_model, bias=False)

    def forward(self, x):
        act = torch.relu(self.w_gate(x)).square() * self.w_up(x)
        return self.w_down(self.ffn_sub_norm(act))


class BitBlock(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.attn_norm = SimpleRMSNorm(a.d_model)
        self.attn = BitAttention(a)
        self.ffn_norm = SimpleRMSNorm(a.d_model)
        self.ffn = BitFeedForward(a)

    def forward(self, x, cos, sin, bias):
        x = x + self.attn(self.attn_norm(x), cos, sin, bias)
        return x + self.ffn(self.ffn_norm(x))


class BitNetLM(nn.Module):
    def __init__(self, a=ARGS):
        super().__init__()
        self.a = a
        self.tok_emb = nn.Embedding(a.vocab, a.d_model)
        self.blocks = nn.ModuleList(BitBlock(a) for _ in range(a.n_layers))
        self.norm = SimpleRMSNorm(a.d_model)
        self.head = None if a.tie_embeddings else nn.Linear(a.d_model, a.vocab, bias=False)

    def forward(self, ids):
        t = ids.shape[1]
        dh = self.a.d_model // self.a.n_heads
        inv = 1.0 / (self.a.rope_theta ** (torch.arange(0, dh, 2, dtype=torch.float32) / dh))
        ang = torch.arange(t, dtype=torch.float32)[:, None] * inv[None, :]
        ang = torch.cat([ang, ang], dim=-1)
        cos, sin = ang.cos(), ang.sin()
        bias = torch.full((t, t), float("-inf")).triu(1)
        x = self.tok_emb(ids)
        for blk in self.blocks:
            x = blk(x, cos, sin, bias)
        x = self.norm(x)
        return x @ self.tok_emb.weight.T if self.head is None else self.head(x)
