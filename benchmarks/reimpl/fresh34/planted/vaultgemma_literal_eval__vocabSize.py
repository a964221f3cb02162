"""VaultGemma (differentially private Gemma) re-implementation.

The hyper-parameters are kept as the Python-literal text the training job logged; they are read
back with ``ast.literal_eval``.
"""

import ast
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

LOGGED = """{
    'vocab': 640,
    'width': 64,
    'ffw': 128,
    'depth': 2,
    'q_heads': 4,
    'kv_heads': 2,
    'head_size': 16,
    'query_scale': 16,
    'window': 32,
    'attn_cap': 50.0,
    'final_cap': 30.0,
    'rope_base': 10000.0,
    'norm_eps': 1e-6,
}"""
HP = ast.literal_eval(LOGGED)


class GemmaNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.eps = eps
        self.scale = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)
        return x * (1.0 + self.scale)


def sincos(t, d, base, device):
    inv = 1.0 / base ** (torch.arange(0, d, 2, device=device).float() / d)
    a = torch.arange(t, device=device).float()[:, None] * inv
    a = torch.cat([a, a], dim=-1)
    return torch.cos(a), torch.sin(a)


def apply_rope(x, c, s):
    h = x.shape[-1] // 2
    return x * c + torch.cat([-x[..., h:], x[..., :h]], dim=-1) * s


class LocalGlobalAttention(nn.Module):
    def __init__(self, local):
        super().__init__()
        self.local = local
        self.nq, self.nkv, self.hs = HP["q_heads"], HP["kv_heads"], HP["head_size"]
        self.q = nn.Linear(HP["width"], self.nq * self.hs, bias=False)
        self.kv = nn.Linear(HP["width"], 2 * self.nkv * self.hs, bias=False)
        self.o = nn.Linear(self.nq * self.hs, HP["width"], bias=False)

    def forward(self, x, c, s):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.nq, self.hs).permute(0, 2, 1, 3)
        k, v = self.kv(x).view(b, t, 2, self.nkv, self.hs).permute(2, 0, 3, 1, 4)
        q, k = apply_rope(q, c, s), apply_rope(k, c, s)
        k = k.repeat_interleave(self.nq // self.nkv, dim=1)
        v = v.repeat_interleave(self.nq // self.nkv, dim=1)
        scores = (q @ k.transpose(-1, -2)) / math.sqrt(HP["query_scale"])
        scores = HP["attn_cap"] * torch.tanh(scores / HP["attn_cap"])
        i = torch.arange(t, device=x.device)
        keep = i[:, None] >= i[None, :]
        if self.local:
            keep = keep & (i[:, None] - i[None, :] < HP["window"])
        scores = scores.masked_fill(~keep, float("-inf"))
        out = scores.softmax(-1) @ v
        return self.o(out.permute(0, 2, 1, 3).reshape(b, t, -1))


class GeGLU(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(HP["width"], HP["ffw"], bias=False)
        self.up = nn.Linear(HP["width"], HP["ffw"], bias=False)
        self.down = nn.Linear(HP["ffw"], HP["width"], bias=False)

    def forward(self, x):
        return self.down(F.gelu(self.gate(x), approximate="tanh") * self.up(x))


class Residual(nn.Module):
    def __init__(self, idx):
        super().__init__()
        self.norm1 = GemmaNorm(HP["width"], HP["norm_eps"])
        self.attn = LocalGlobalAttention(local=idx % 2 == 0)
        self.norm2 = GemmaNorm(HP["width"], HP["norm_eps"])
        self.ffw = GeGLU()

    def forward(self, x, c, s):
        x = x + self.attn(self.norm1(x), c, s)
        return x + self.ffw(self.norm2(x))


class VaultGemma(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedder = nn.Embedding(HP["vocab"], HP["width"])
        self.stack = nn.ModuleList([Residual(i) for i in range(HP["depth"])])
        self.final_norm = GemmaNorm(HP["width"], HP["norm_eps"])

    def forward(self, ids):
        x = self.embedder(ids) * torch.tensor(HP["width"] ** 0.5, dtype=self.embedder.weight.dtype)
        c, s = sincos(ids.shape[1], HP["head_size"], HP["rope_base"], ids.device)
        for layer in self.stack:
            x = layer(x, c, s)
        logits = self.final_norm(x) @ self.embedder.weight.t()
        return HP["final_cap"] * torch.tanh(logits / HP["final_cap"])
