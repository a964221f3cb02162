"""Qwen3-MoE-style decoder, own code: per-head q/k RMSNorm, and each layer's experts held in an
nn.ModuleDict keyed "expert_0", "expert_1", ...; router softmax, top-k, renormalised."""

import torch
import torch.nn.functional as F
from torch import nn

SIZES = "vocab=256 width=64 layers=2 heads=4 kv_heads=4 head_dim=32 experts=4 top_k=2 expert_ffn=48"
Z = {k: int(v) for k, v in (kv.split("=") for kv in SIZES.split())}


class RMS(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(Z["width"], Z["expert_ffn"], bias=False)
        self.up_proj = nn.Linear(Z["width"], Z["expert_ffn"], bias=False)
        self.down_proj = nn.Linear(Z["expert_ffn"], Z["width"], bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        h, kv, d = Z["heads"], Z["kv_heads"], Z["head_dim"]
        self.ln1, self.ln2 = RMS(Z["width"]), RMS(Z["width"])
        self.q = nn.Linear(Z["width"], h * d, bias=False)
        self.k = nn.Linear(Z["width"], kv * d, bias=False)
        self.v = nn.Linear(Z["width"], kv * d, bias=False)
        self.o = nn.Linear(h * d, Z["width"], bias=False)
        self.q_norm, self.k_norm = RMS(d), RMS(d)
        self.router = nn.Linear(Z["width"], Z["experts"], bias=False)
        self.experts = nn.ModuleDict({f"expert_{e}": Expert() for e in range(Z["experts"])})

    def forward(self, x):
        b, t, _ = x.shape
        y = self.ln1(x)
        q = self.q_norm(self.q(y).view(b, t, Z["heads"], -1)).transpose(1, 2)
        k = self.k_norm(self.k(y).view(b, t, Z["kv_heads"], -1)).transpose(1, 2)
        v = self.v(y).view(b, t, Z["kv_heads"], -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(o.transpose(1, 2).reshape(b, t, -1))
        y = self.ln2(x)
        w, idx = self.router(y).softmax(-1).topk(Z["top_k"], -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(y)
        for e, name in enumerate(self.experts):
            out = out + (w * (idx == e)).sum(-1, keepdim=True) * self.experts[name](y)
        return x + out


class Qwen3MoeLike(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(Z["vocab"], Z["width"])
        self.blocks = nn.ModuleList(Block() for _ in range(Z["layers"]))
        self.norm = RMS(Z["width"])
        self.lm_head = nn.Linear(Z["width"], Z["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(self.norm(x))
