"""A GPT-style decoder written by hand: fused qkv, split, view/transpose, matmul, softmax."""

import math

import torch.nn as nn
import torch.nn.functional as F

INPUT = (2, 6, 32)


class SelfAttention(nn.Module):
    def __init__(self, d, n_head):
        super().__init__()
        self.c_attn = nn.Linear(d, 3 * d)
        self.c_proj = nn.Linear(d, d)
        self.n_head = n_head
        self.d = d

    def forward(self, x):
        B, T, C = x.size()  # (B, T, C)
        q, k, v = self.c_attn(x).split(self.d, dim=2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)  # (B, nh, T, hs)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))  # (B, nh, T, T)
        att = F.softmax(att, dim=-1)
        y = att @ v  # (B, nh, T, hs)
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)


class Block(nn.Module):
    def __init__(self, d, n_head):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d)
        self.attn = SelfAttention(d, n_head)
        self.ln_2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        x = x + self.mlp(self.ln_2(x))
        return x


class Net(nn.Module):
    def __init__(self, d=32, n_head=4, n_layer=3, vocab=50):
        super().__init__()
        self.h = nn.ModuleList([Block(d, n_head) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)

    def forward(self, x):
        for block in self.h:
            x = block(x)
        return self.lm_head(self.ln_f(x))
