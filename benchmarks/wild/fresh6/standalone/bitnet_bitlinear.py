"""BitNet b1.58-style LM: every projection a BitLinear (nn.Linear subclass carrying its own RMSNorm)."""

import torch
import torch.nn as nn


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class BitLinear(nn.Linear):
    def __init__(self, in_features, out_features, bias=False):
        super().__init__(in_features, out_features, bias=bias)
        self.norm = RMSNorm(in_features)

    def forward(self, x):
        w = self.weight
        scale = 1.0 / w.abs().mean().clamp(min=1e-5)
        w_q = w + ((w * scale).round().clamp(-1, 1) / scale - w).detach()
        return nn.functional.linear(self.norm(x), w_q, self.bias)


class BitBlock(nn.Module):
    def __init__(self, dim, heads, ffn_mult=8 / 3):
        super().__init__()
        hidden = int(dim * ffn_mult)
        self.heads = heads
        self.wqkv = BitLinear(dim, 3 * dim)
        self.wo = BitLinear(dim, dim)
        self.w13 = BitLinear(dim, 2 * hidden)
        self.w2 = BitLinear(hidden, dim)


class BitNetLM(nn.Module):
    def __init__(self, vocab=2048, dim=96, depth=3, heads=4):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(BitBlock(dim, heads) for _ in range(depth))
        self.norm = RMSNorm(dim)
        # the output projection stays full precision
        self.out = nn.Linear(dim, vocab, bias=False)


model = BitNetLM(vocab=2048, dim=96, depth=3, heads=4)
