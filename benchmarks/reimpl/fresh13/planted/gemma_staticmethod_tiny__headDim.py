"""Gemma (GeGLU MLP, (1 + w) RMSNorm, embeddings scaled by sqrt(width), tied head, one KV head);
the sizes come from a staticmethod preset on the config class."""

import math

import torch
import torch.nn.functional as F
from torch import nn


class GemmaConfig_:
    def __init__(self, vocab, width, depth, heads, kv_heads, head_dim, ffn):
        self.vocab, self.width, self.depth = vocab, width, depth
        self.heads, self.kv_heads, self.head_dim, self.ffn = heads, kv_heads, head_dim, ffn

    @staticmethod
    def tiny():
        return GemmaConfig_(vocab=512, width=64, depth=2, heads=4, kv_heads=1, head_dim=16, ffn=256)


C = GemmaConfig_.tiny()


class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * (1.0 + self.weight)


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre, self.post = Norm(C.width), Norm(C.width)
        self.q = nn.Linear(C.width, C.heads * C.head_dim, bias=False)
        self.kv = nn.Linear(C.width, 2 * C.kv_heads * C.head_dim, bias=False)
        self.o = nn.Linear(C.heads * C.head_dim, C.width, bias=False)
        self.gate = nn.Linear(C.width, C.ffn, bias=False)
        self.up = nn.Linear(C.width, C.ffn, bias=False)
        self.down = nn.Linear(C.ffn, C.width, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.pre(x)
        q = self.q(h).view(b, t, C.heads, C.head_dim).transpose(1, 2)
        k, v = self.kv(h).view(b, t, 2, C.kv_heads, C.head_dim).permute(2, 0, 3, 1, 4)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(o.transpose(1, 2).reshape(b, t, -1))
        h = self.post(x)
        return x + self.down(F.gelu(self.gate(h), approximate="tanh") * self.up(h))


class Gemma(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedder = nn.Embedding(C.vocab, C.width)
        self.decoders = nn.ModuleList(Decoder() for _ in range(C.depth))
        self.final_norm = Norm(C.width)

    def forward(self, ids):
        x = self.embedder(ids) * math.sqrt(C.width)
        for d in self.decoders:
            x = d(x)
        return self.final_norm(x) @ self.embedder.weight.T
