"""Gemma 3 (text): a Block that takes its layer_idx and decides sliding or global attention
from a repeating pattern (two local layers, then one global), a local RoPE base for the sliding
layers and a global one for the full layers, per-head (1 + w) RMSNorm on q and k, sandwich
norms, the embedding scaled by sqrt(d), and the head tied through F.linear on the embedding."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB_SIZE = 640
HIDDEN = 64
N_LAYERS = 3
N_HEADS = 4
N_KV_HEADS = 2
HEAD_DIM = 32
FFN = 160
RMS_EPS = 1e-6
SLIDING_WINDOW = 48
SLIDING_PATTERN = 3  # every third layer is global
ROPE_LOCAL_BASE = 10000.0
ROPE_GLOBAL_BASE = 1000000.0
MAX_POS = 512


class GemmaNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        y = x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + RMS_EPS)
        return (y * (1.0 + self.weight.float())).type_as(x)


def rope_tables(base):
    inv = 1.0 / base ** (torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
    f = torch.outer(torch.arange(MAX_POS).float(), inv)
    f = torch.cat([f, f], -1)
    return f.cos(), f.sin()


def apply_rope(x, cos, sin):
    h = HEAD_DIM // 2
    return x * cos + torch.cat([-x[..., h:], x[..., :h]], -1) * sin


class Block(nn.Module):
    def __init__(self, layer_idx):
        super().__init__()
        self.layer_idx = layer_idx
        self.is_sliding = (layer_idx + 1) % SLIDING_PATTERN != 0
        self.q = nn.Linear(HIDDEN, N_HEADS * HEAD_DIM, bias=False)
        self.k = nn.Linear(HIDDEN, N_KV_HEADS * HEAD_DIM, bias=False)
        self.v = nn.Linear(HIDDEN, N_KV_HEADS * HEAD_DIM, bias=False)
        self.o = nn.Linear(N_HEADS * HEAD_DIM, HIDDEN, bias=False)
        self.q_norm = GemmaNorm(HEAD_DIM)
        self.k_norm = GemmaNorm(HEAD_DIM)
        self.gate = nn.Linear(HIDDEN, FFN, bias=False)
        self.up = nn.Linear(HIDDEN, FFN, bias=False)
        self.down = nn.Linear(FFN, HIDDEN, bias=False)
        self.pre_attn = GemmaNorm(HIDDEN)
        self.post_attn = GemmaNorm(HIDDEN)
        self.pre_ffw = GemmaNorm(HIDDEN)
        self.post_ffw = GemmaNorm(HIDDEN)
        cos, sin = rope_tables(ROPE_LOCAL_BASE if self.is_sliding else ROPE_GLOBAL_BASE)
        self.register_buffer("cos", cos, persistent=False)
        self.register_buffer("sin", sin, persistent=False)

    def attend(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q(x).view(b, t, N_HEADS, HEAD_DIM)).transpose(1, 2)
        k = self.k_norm(self.k(x).view(b, t, N_KV_HEADS, HEAD_DIM)).transpose(1, 2)
        v = self.v(x).view(b, t, N_KV_HEADS, HEAD_DIM).transpose(1, 2)
        q, k = apply_rope(q, self.cos[:t], self.sin[:t]), apply_rope(k, self.cos[:t], self.sin[:t])
        k = k.expand(b, N_HEADS, t, HEAD_DIM)
        v = v.expand(b, N_HEADS, t, HEAD_DIM)
        i = torch.arange(t)
        mask = i[None, :] <= i[:, None]
        if self.is_sliding:
            mask = mask & (i[:, None] - i[None, :] < SLIDING_WINDOW)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=HEAD_DIM**-0.5)
        return self.o(y.transpose(1, 2).reshape(b, t, N_HEADS * HEAD_DIM))

    def forward(self, x):
        x = x + self.post_attn(self.attend(self.pre_attn(x)))
        h = self.pre_ffw(x)
        h = self.down(F.gelu(self.gate(h), approximate="tanh") * self.up(h))
        return x + self.post_ffw(h)


class Gemma3Text(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB_SIZE, HIDDEN, padding_idx=0)
        self.layers = nn.ModuleList([Block(layer_idx=i) for i in range(N_LAYERS)])
        self.final_norm = GemmaNorm(HIDDEN)

    def forward(self, ids):
        x = self.embed(ids) * math.sqrt(HIDDEN)
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.final_norm(x), self.embed.weight)
