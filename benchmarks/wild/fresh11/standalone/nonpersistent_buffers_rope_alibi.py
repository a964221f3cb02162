"""Position machinery in buffers: RoPE inverse frequencies and cos/sin caches registered with
persistent=False, ALiBi slopes as a persistent buffer, a causal mask buffer, plus the learnable
parts of a small decoder."""

import math

import torch
import torch.nn as nn


class Rotary(nn.Module):
    def __init__(self, head_dim, max_len=128, base=10000.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, head_dim, 2).float() / head_dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        t = torch.arange(max_len).float()
        freqs = torch.outer(t, inv_freq)
        self.register_buffer("cos_cached", freqs.cos(), persistent=False)
        self.register_buffer("sin_cached", freqs.sin(), persistent=False)


def alibi_slopes(n_heads):
    start = 2 ** (-(2 ** -(math.log2(n_heads) - 3)))
    return torch.tensor([start * start**i for i in range(n_heads)])


class Attention(nn.Module):
    def __init__(self, dim, n_heads, max_len, use_alibi):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.out = nn.Linear(dim, dim, bias=False)
        if use_alibi:
            self.register_buffer("slopes", alibi_slopes(n_heads))
        else:
            self.rotary = Rotary(dim // n_heads, max_len)
        self.register_buffer(
            "mask", torch.tril(torch.ones(max_len, max_len, dtype=torch.bool)), persistent=False
        )


class Decoder(nn.Module):
    def __init__(self, vocab=512, dim=64, n_heads=4, depth=4, max_len=128):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(
            nn.ModuleDict(
                {
                    "norm": nn.LayerNorm(dim),
                    "attn": Attention(dim, n_heads, max_len, use_alibi=i >= depth // 2),
                    "ff": nn.Linear(dim, dim),
                }
            )
            for i in range(depth)
        )
        self.register_buffer("step", torch.zeros((), dtype=torch.long))
        self.lm_head = nn.Linear(dim, vocab, bias=False)


model = Decoder(vocab=512, dim=64, n_heads=4, depth=4, max_len=128)
