"""Seed-OSS-style decoder for a small ablation run.

The released model's hyper-parameters are the base; this run's overrides are merged on top.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

RELEASED = {
    "vocab": 155136,
    "d_model": 5120,
    "d_ff": 27648,
    "n_layer": 64,
    "n_q": 80,
    "n_kv": 8,
    "d_head": 128,
    "rope_base": 10000000.0,
    "eps": 1e-6,
}
OVERRIDES = {
    "vocab": 640,
    "d_model": 64,
    "d_ff": 160,
    "n_layer": 2,
    "n_q": 4,
    "n_kv": 2,
    "d_head": 32,
    "rope_base": 10000.0,
}
HP = {**RELEASED, **OVERRIDES}


class ScaleNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        ms = x.pow(2).mean(dim=-1, keepdim=True)
        return self.weight * (x * torch.rsqrt(ms + self.eps))


def angle_tables(n_pos, dim, base, device):
    freqs = base ** (-torch.arange(0, dim, 2, device=device, dtype=torch.float32) / dim)
    theta = torch.arange(n_pos, device=device, dtype=torch.float32)[:, None] * freqs[None, :]
    theta = torch.cat((theta, theta), dim=-1)
    return theta.cos(), theta.sin()


def turn(x, cos, sin):
    lo, hi = x.chunk(2, dim=-1)
    return x * cos + torch.cat((-hi, lo), dim=-1) * sin


class GroupedQueryAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.n_q, self.n_kv, self.d_head = HP["n_q"], HP["n_kv"], HP["d_head"]
        widths = (self.n_q + 2 * self.n_kv) * self.d_head
        self.fused = nn.Linear(HP["d_model"], widths, bias=True)
        self.proj = nn.Linear(self.n_q * self.d_head, HP["d_model"], bias=False)

    def forward(self, x, cos, sin):
        bsz, n, _ = x.shape
        dq, dkv = self.n_q * self.d_head, self.n_kv * self.d_head
        q, k, v = self.fused(x).split((dq, dkv, dkv), dim=-1)
        q = q.view(bsz, n, self.n_kv, self.n_q // self.n_kv, self.d_head)
        k = k.view(bsz, n, self.n_kv, self.d_head)
        v = v.view(bsz, n, self.n_kv, self.d_head)
        q = turn(q, cos[:, None, None, :], sin[:, None, None, :])
        k = turn(k, cos[:, None, :], sin[:, None, :])
        logits = torch.einsum("bqhgd,bkhd->bhgqk", q, k) / math.sqrt(self.d_head)
        future = torch.ones(n, n, dtype=torch.bool, device=x.device).triu(1)
        weights = logits.masked_fill(future, float("-inf")).softmax(dim=-1)
        mixed = torch.einsum("bhgqk,bkhd->bqhgd", weights, v)
        return self.proj(mixed.reshape(bsz, n, dq))


class GatedFFN(nn.Module):
    def __init__(self):
        super().__init__()
        self.w_in = nn.Linear(HP["d_model"], 2 * HP["d_ff"], bias=False)
        self.w_out = nn.Linear(HP["d_ff"], HP["d_model"], bias=False)

    def forward(self, x):
        gate, value = self.w_in(x).chunk(2, dim=-1)
        return self.w_out(F.silu(gate) * value)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm_attn = ScaleNorm(HP["d_model"], HP["eps"])
        self.attn = GroupedQueryAttention()
        self.norm_ffn = ScaleNorm(HP["d_model"], HP["eps"])
        self.ffn = GatedFFN()

    def forward(self, x, cos, sin):
        x = x + self.attn(self.norm_attn(x), cos, sin)
        return x + self.ffn(self.norm_ffn(x))


class SeedDecoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(HP["vocab"], HP["d_model"])
        self.layers = nn.ModuleList(Layer() for _ in range(HP["n_layer"]))
        self.norm_out = ScaleNorm(HP["d_model"], HP["eps"])
        self.head = nn.Linear(HP["d_model"], HP["vocab"], bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        cos, sin = angle_tables(ids.shape[1], HP["d_head"], HP["rope_base"], ids.device)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.head(self.norm_out(x))
