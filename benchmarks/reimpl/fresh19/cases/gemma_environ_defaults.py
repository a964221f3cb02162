"""Gemma whose sizes come from environment variables with string defaults (a sweep launcher's)."""

import math
import os

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = int(os.environ.get("GEMMA_VOCAB", "256"))
WIDTH = int(os.environ.get("GEMMA_WIDTH", "64"))
DEPTH = int(os.environ.get("GEMMA_DEPTH", "2"))
HEADS = int(os.environ.get("GEMMA_HEADS", "4"))
KV_HEADS = int(os.environ.get("GEMMA_KV_HEADS", "2"))
HEAD_DIM = int(os.environ.get("GEMMA_HEAD_DIM", "16"))
MLP = int(os.environ.get("GEMMA_MLP", "128"))
THETA = float(os.environ.get("GEMMA_THETA", "10000.0"))


class GemmaNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(n))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5) * (1.0 + self.weight)


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre_attn = GemmaNorm(WIDTH)
        self.pre_mlp = GemmaNorm(WIDTH)
        self.qkv = nn.ModuleDict(
            {
                "q": nn.Linear(WIDTH, HEADS * HEAD_DIM, bias=False),
                "k": nn.Linear(WIDTH, KV_HEADS * HEAD_DIM, bias=False),
                "v": nn.Linear(WIDTH, KV_HEADS * HEAD_DIM, bias=False),
            }
        )
        self.out = nn.Linear(HEADS * HEAD_DIM, WIDTH, bias=False)
        self.gate = nn.Linear(WIDTH, MLP, bias=False)
        self.up = nn.Linear(WIDTH, MLP, bias=False)
        self.down = nn.Linear(MLP, WIDTH, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        h = self.pre_attn(x)
        q, k, v = (self.qkv[n](h).view(b, t, -1, HEAD_DIM).transpose(1, 2) for n in ("q", "k", "v"))
        rh = lambda z: torch.cat((-z[..., HEAD_DIM // 2 :], z[..., : HEAD_DIM // 2]), -1)  # noqa: E731
        q, k = q * cos + rh(q) * sin, k * cos + rh(k) * sin
        k = k.repeat_interleave(HEADS // KV_HEADS, 1)
        v = v.repeat_interleave(HEADS // KV_HEADS, 1)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(HEAD_DIM)
        att = att + torch.full((t, t), float("-inf")).triu(1)
        x = x + self.out((att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1))
        h = self.pre_mlp(x)
        return x + self.down(F.gelu(self.gate(h), approximate="tanh") * self.up(h))


class Gemma(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedder = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(DecoderLayer() for _ in range(DEPTH))
        self.final_norm = GemmaNorm(WIDTH)
        self.unembed = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        inv = THETA ** (-torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        f = torch.cat([f, f], -1)
        x = self.embedder(ids) * torch.tensor(WIDTH**0.5)
        for layer in self.layers:
            x = layer(x, f.cos(), f.sin())
        return self.unembed(self.final_norm(x))
