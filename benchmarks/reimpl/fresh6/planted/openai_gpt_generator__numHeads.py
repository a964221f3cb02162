"""The original GPT (Radford et al., 2018), written from the paper: learned positions, post-norm
blocks (LayerNorm after each residual sum), GELU (tanh form) MLP 4x wide, fused qkv, a head
tied to the token embedding. The blocks come out of a generator function (``yield``) that a
``nn.ModuleList`` consumes."""

import math

import torch
import torch.nn.functional as F
from torch import nn

N_VOCAB = 478
N_CTX = 96
N_EMBD = 64
N_HEAD = 8
N_LAYER = 3
LN_EPS = 1e-5


class CausalSelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(N_EMBD, 3 * N_EMBD)
        self.proj = nn.Linear(N_EMBD, N_EMBD)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).split(c, dim=-1)
        q, k, v = (z.view(b, t, N_HEAD, c // N_HEAD).transpose(1, 2) for z in (q, k, v))
        w = q @ k.transpose(-2, -1) / math.sqrt(c // N_HEAD)
        causal = torch.ones(t, t, dtype=torch.bool, device=x.device).tril()
        w = w.masked_fill(~causal, -1e4).softmax(-1)
        return self.proj((w @ v).transpose(1, 2).reshape(b, t, c))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = CausalSelfAttention()
        self.ln_1 = nn.LayerNorm(N_EMBD, eps=LN_EPS)
        self.fc = nn.Linear(N_EMBD, 4 * N_EMBD)
        self.out = nn.Linear(4 * N_EMBD, N_EMBD)
        self.ln_2 = nn.LayerNorm(N_EMBD, eps=LN_EPS)

    def forward(self, x):
        n = self.ln_1(x + self.attn(x))
        return self.ln_2(n + self.out(F.gelu(self.fc(n), approximate="tanh")))


def blocks(n):
    for _ in range(n):
        yield Block()


class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens_embed = nn.Embedding(N_VOCAB, N_EMBD)
        self.positions_embed = nn.Embedding(N_CTX, N_EMBD)
        self.h = nn.ModuleList(blocks(N_LAYER))

    def forward(self, idx):
        pos = torch.arange(idx.shape[1], device=idx.device)
        x = self.tokens_embed(idx) + self.positions_embed(pos)
        for block in self.h:
            x = block(x)
        return x @ self.tokens_embed.weight.T
