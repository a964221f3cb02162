"""Gemma: a ``@dataclass(slots=True, kw_only=True)`` with a ``tiny()`` classmethod preset over
2B-sized defaults, ``(1 + weight)`` RMSNorm computed in float32, embeddings multiplied by
sqrt(width) (rounded to the activation dtype), a head size wider than width / heads, GeGLU
with the tanh GELU, and logits from the embedding matrix."""

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(slots=True, kw_only=True)
class GemmaSpec:
    vocab: int = 256000
    width: int = 2048
    depth: int = 18
    heads: int = 8
    kv_heads: int = 1
    head_size: int = 256
    ffn: int = 16384
    eps: float = 1e-6
    theta: float = 10000.0

    @classmethod
    def tiny(cls):
        return cls(vocab=640, width=64, depth=3, heads=4, kv_heads=1, head_size=32, ffn=128)


SPEC = GemmaSpec.tiny()


class GemmaNorm(nn.Module):
    def __init__(self, n, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.zeros(n))

    def forward(self, x):
        y = x.float()
        y = y * torch.rsqrt(y.pow(2).mean(-1, keepdim=True) + self.eps)
        return (y * (1.0 + self.weight.float())).type_as(x)


class GemmaBlock(nn.Module):
    def __init__(self, s: GemmaSpec):
        super().__init__()
        self.s = s
        self.pre_attn = GemmaNorm(s.width, s.eps)
        self.wq = nn.Linear(s.width, s.heads * s.head_size, bias=False)
        self.wk = nn.Linear(s.width, s.kv_heads * s.head_size, bias=False)
        self.wv = nn.Linear(s.width, s.kv_heads * s.head_size, bias=False)
        self.wo = nn.Linear(s.heads * s.head_size, s.width, bias=False)
        self.pre_ffw = GemmaNorm(s.width, s.eps)
        self.gate = nn.Linear(s.width, s.ffn, bias=False)
        self.up = nn.Linear(s.width, s.ffn, bias=False)
        self.down = nn.Linear(s.ffn, s.width, bias=False)

    def forward(self, x, cos, sin):
        s, (b, t, _) = self.s, x.shape
        h = self.pre_attn(x)
        q = self.wq(h).view(b, t, s.heads, s.head_size).transpose(1, 2)
        k = self.wk(h).view(b, t, s.kv_heads, s.head_size).transpose(1, 2)
        v = self.wv(h).view(b, t, s.kv_heads, s.head_size).transpose(1, 2)
        half = s.head_size // 2
        q = q * cos + torch.cat((-q[..., half:], q[..., :half]), -1) * sin
        k = k * cos + torch.cat((-k[..., half:], k[..., :half]), -1) * sin
        y = F.scaled_dot_product_attention(
            q, k.expand(-1, s.heads, -1, -1), v.expand(-1, s.heads, -1, -1), is_causal=True
        )
        x = x + self.wo(y.transpose(1, 2).reshape(b, t, -1))
        h = self.pre_ffw(x)
        return x + self.down(F.gelu(self.gate(h), approximate="tanh") * self.up(h))


class Gemma(nn.Module):
    def __init__(self, s: GemmaSpec = SPEC):
        super().__init__()
        self.s = s
        self.embedder = nn.Embedding(s.vocab, s.width)
        self.blocks = nn.ModuleList(GemmaBlock(s) for _ in range(s.depth))
        self.final_norm = GemmaNorm(s.width, s.eps)

    def forward(self, ids):
        s = self.s
        inv = 1.0 / s.theta ** (torch.arange(0, s.head_size, 2).float() / s.head_size)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        cos, sin = torch.cat((f, f), -1).cos(), torch.cat((f, f), -1).sin()
        x = self.embedder(ids)
        x = x * torch.tensor(s.width**0.5, dtype=x.dtype)
        for blk in self.blocks:
            x = blk(x, cos, sin)
        return self.final_norm(x) @ self.embedder.weight.T
