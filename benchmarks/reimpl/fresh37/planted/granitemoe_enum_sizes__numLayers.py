"""Granite-3.0 MoE (1B-A400M style) shrunk for a unit test of our router kernels.

Sizes are members of an IntEnum, the muP multipliers a plain float table.
"""

import enum

import torch
import torch.nn as nn
import torch.nn.functional as F


class Size(enum.IntEnum):
    VOCAB = 624
    D = 64
    EXPERT_FF = 96
    LAYERS = 3
    Q_HEADS = 4
    KV_HEADS = 1
    EXPERTS = 6
    TOP_K = 2


MUP = {
    "embedding": 12.0,
    "residual": 0.22,
    "attention": 0.0625,
    "logits": 6.0,
}
ROPE_BASE = 10000.0
NORM_EPS = 1e-6
HEAD = Size.D // Size.Q_HEADS


class RMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(Size.D))

    def forward(self, x):
        return F.rms_norm(x, (Size.D,), self.w, NORM_EPS)


def rotate(x, cos, sin):
    x1, x2 = x.unflatten(-1, (2, HEAD // 2)).unbind(-2)
    return torch.cat((x1 * cos - x2 * sin, x2 * cos + x1 * sin), -1)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_lin = nn.Linear(Size.D, Size.Q_HEADS * HEAD, bias=False)
        self.k_lin = nn.Linear(Size.D, Size.KV_HEADS * HEAD, bias=False)
        self.v_lin = nn.Linear(Size.D, Size.KV_HEADS * HEAD, bias=False)
        self.out_lin = nn.Linear(Size.Q_HEADS * HEAD, Size.D, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = rotate(self.q_lin(x).view(b, t, Size.Q_HEADS, HEAD), cos, sin)
        k = rotate(self.k_lin(x).view(b, t, Size.KV_HEADS, HEAD), cos, sin)
        v = self.v_lin(x).view(b, t, Size.KV_HEADS, HEAD)
        q = q.view(b, t, Size.KV_HEADS, Size.Q_HEADS // Size.KV_HEADS, HEAD)
        s = torch.einsum("bqkgd,bskd->bkgqs", q, k) * MUP["attention"]
        s = s + torch.full((t, t), float("-inf"), device=x.device).triu(1)
        o = torch.einsum("bkgqs,bskd->bqkgd", s.softmax(-1), v)
        return self.out_lin(o.reshape(b, t, -1))


class ParallelExperts(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(Size.D, Size.EXPERTS, bias=False)
        self.w_in = nn.Parameter(torch.empty(Size.EXPERTS, 2 * Size.EXPERT_FF, Size.D))
        self.w_out = nn.Parameter(torch.empty(Size.EXPERTS, Size.D, Size.EXPERT_FF))
        nn.init.normal_(self.w_in, std=0.02)
        nn.init.normal_(self.w_out, std=0.02)

    def forward(self, x):
        shape = x.shape
        x = x.reshape(-1, Size.D)
        top, idx = self.router(x).float().topk(Size.TOP_K, dim=-1)
        gates = top.softmax(-1).to(x.dtype)
        y = torch.zeros_like(x)
        for slot in range(Size.TOP_K):
            e = idx[:, slot]
            h = torch.bmm(self.w_in[e], x[:, :, None]).squeeze(-1)
            g, u = h.chunk(2, dim=-1)
            h = torch.bmm(self.w_out[e], (F.silu(g) * u)[:, :, None]).squeeze(-1)
            y = y + gates[:, slot, None] * h
        return y.view(shape)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_attn = RMSNorm()
        self.attention = Attention()
        self.ln_moe = RMSNorm()
        self.moe = ParallelExperts()

    def forward(self, x, cos, sin):
        x = x + self.attention(self.ln_attn(x), cos, sin) * MUP["residual"]
        return x + self.moe(self.ln_moe(x)) * MUP["residual"]


class GraniteMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(Size.VOCAB, Size.D)
        self.layers = nn.ModuleList(Layer() for _ in range(Size.LAYERS))
        self.ln_final = RMSNorm()

    def forward(self, ids):
        t = ids.shape[1]
        inv = ROPE_BASE ** -(torch.arange(HEAD // 2, device=ids.device) * 2.0 / HEAD)
        f = torch.arange(t, device=ids.device)[:, None].float() * inv
        cos, sin = f.cos()[:, None], f.sin()[:, None]
        x = self.embedding(ids) * MUP["embedding"]
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.ln_final(x) @ self.embedding.weight.t() / MUP["logits"]
